import type * as nb from '@jupyterlab/nbformat'
import { IMAGE_TYPES, joinText, type EmbeddedFiles } from './embedded-files.js'
import { displayMath, fenced, htmlBlock, terminalText } from './markdown-blocks.js'
import type { NotebookOutput } from './notebook-schema.js'

/** The info string of a code cell's text output: plain, not highlighted, styled as output. */
export const OUTPUT_LANGUAGE = 'output'

/** What a Python object's default repr says instead of content (`<Figure size 640x480 with 1 Axes>`). */
const OBJECT_REPR = /^<[\w.]+(?: (?:object|at 0x)[^>]*| size [^>]*)?>$|^<Figure size [^>]*>$/

/**
 * A code cell's stored outputs as markdown blocks, in order: plots as figures (their bytes kept in
 * `files`), HTML (a DataFrame's table) as raw HTML for the sanitizer, Markdown as written, LaTeX
 * as display math, printed and returned text as output blocks. Tracebacks, widgets and scripts
 * are left out: they need a running kernel or browser state a post does not have.
 */
export function outputsToMarkdown(outputs: readonly NotebookOutput[], files: EmbeddedFiles, caption: string): string[] {
  const blocks: string[] = []
  let stream: { name: string; text: string } | null = null
  const flush = () => {
    const text = stream ? terminalText(stream.text) : ''
    if (text.trim() !== '') blocks.push(fenced(OUTPUT_LANGUAGE, text))
    stream = null
  }
  for (const output of outputs) {
    if (isStream(output)) {
      // print() called in a loop gives one output per call: one block reads as the cell printed it.
      if (stream && stream.name === output.name) stream.text += joinText(output.text)
      else {
        flush()
        stream = { name: output.name, text: joinText(output.text) }
      }
      continue
    }
    flush()
    if (!isDisplay(output)) continue
    const block = displayBlock(output.data, files, caption)
    if (block) blocks.push(block)
  }
  flush()
  return blocks
}

function isStream(output: NotebookOutput): output is NotebookOutput & Pick<nb.IStream, 'name' | 'text'> {
  return output.output_type === 'stream' && 'text' in output
}

function isDisplay(output: NotebookOutput): output is NotebookOutput & { data: Record<string, unknown> } {
  return (
    (output.output_type === 'display_data' || output.output_type === 'execute_result') &&
    'data' in output &&
    typeof output.data === 'object' &&
    output.data !== null
  )
}

/** The one representation of a MIME bundle a post shows, as nbconvert picks one: the richest it can keep. */
function displayBlock(data: Record<string, unknown>, files: EmbeddedFiles, caption: string): string | null {
  // A widget's view is state in the kernel; its text fallback ("HBox(children=…)") means nothing without it.
  if (Object.keys(data).some((mime) => mime.startsWith('application/vnd.jupyter.widget'))) return null
  for (const [mime] of IMAGE_TYPES) {
    if (!(mime in data)) continue
    const reference = files.addImage(mime, data[mime], 'output')
    if (reference) return `![${escapeAlt(caption)}](${reference})`
  }
  const html = textOf(data['text/html'])
  // Interactive HTML (Plotly, Bokeh) is a script the sanitizer removes: what stays is an empty box.
  if (html !== null && !/<script\b/i.test(html)) {
    const block = htmlBlock(html)
    if (block) return block
  }
  const markdown = textOf(data['text/markdown'])
  if (markdown !== null && markdown.trim() !== '') return markdown.trim()
  const latex = textOf(data['text/latex'])
  const math = latex === null ? null : displayMath(latex)
  if (math) return math
  const plain = textOf(data['text/plain'])
  if (plain === null) return null
  const text = terminalText(plain)
  return text.trim() === '' || OBJECT_REPR.test(text.trim()) ? null : fenced(OUTPUT_LANGUAGE, text)
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) return joinText(value)
  return null
}

function escapeAlt(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1').replace(/\s*\n\s*/g, ' ')
}
