/**
 * d2l-book syntax (Dive into Deep Learning). Its pages hold the same lesson for several deep
 * learning frameworks, as `:begin_tab:` prose tabs and `%%tab` code cells; a static page shows
 * one framework: PyTorch when the page has it, else the first framework it names.
 */

import { d2lCitation } from './citations.js'
import { placeholder } from './placeholders.js'

const PREFERRED_FRAMEWORK = 'pytorch'
const TAB_MARKERS = /:begin_tab:`([^`\n]*)`|^[ \t]*(?:%%tab|#@tab)[ \t]+(.+)$/gm

/** The framework whose tabs and cells a page keeps, or null when the page has no tabs. */
export function chooseFramework(text: string): string | null {
  if (!text.includes(':begin_tab:') && !text.includes('%%tab') && !text.includes('#@tab')) return null
  let first: string | null = null
  for (const m of text.matchAll(TAB_MARKERS)) {
    for (const name of parseTabList(m[1] ?? m[2])) {
      if (name === PREFERRED_FRAMEWORK) return name
      if (name !== 'all' && first === null) first = name
    }
  }
  return first
}

function parseTabList(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
}

/** Whether content tabbed for `list` (e.g. "mxnet, pytorch") is shown. */
export function keepsTab(list: string, framework: string | null): boolean {
  if (framework === null) return true
  const names = parseTabList(list)
  return names.length === 0 || names.includes(framework) || names.includes('all')
}

export const BEGIN_TAB_LINE = /^\s*:begin_tab:`([^`]*)`\s*$/
export const END_TAB_LINE = /^\s*:end_tab:\s*$/
/** `:label:`, `:eqlabel:` and `:width:` stand on a line of their own after what they describe. */
export const BLOCK_DIRECTIVE_LINE = /^\s*:(label|eqlabel|width|height):`([^`]*)`\s*$/

const CELL_TAB = /^\s*(?:%%tab|#@tab)\s+(.*?)\s*$/
const NOTEBOOK_SETUP = /^\s*(?:%load_ext\s+d2lbook\.tab|tab\.interact_select\(.*\))\s*$/

export interface CodeBlock {
  info: string
  body: string[]
}

/**
 * The pages a d2l ```` ```toc ```` block lists, in the book's order (`gd`, `chapter_x/index`),
 * options such as `:maxdepth: 2` left out; null for any other block.
 */
export function d2lTableOfContents(info: string, body: readonly string[]): string[] | null {
  if (info.trim() !== 'toc') return null
  return body
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith(':') && /^[\w./-]+$/.test(line))
}

/**
 * Classes pandoc and Quarto put on code blocks for their own styling, never a language: a frozen
 * Quarto page's `echo: fenced` cell is ```` ````{.cell-code} ````, its other cells ```` ```{.r .cell-code} ````.
 */
const PRESENTATION_CLASSES = new Set([
  'cell-code',
  'sourceCode',
  'numberLines',
  'number-lines',
  'code-overflow-wrap',
  'code-overflow-scroll',
  'code-with-filename',
])

/**
 * Turns a fenced code block of a d2l page into a plain one: `{.python .input n=1}` becomes
 * `python`, cells of other frameworks and the notebook's tab-selection setup disappear
 * (null: drop the block), and a ```` ```toc ```` block (the book's chapter list) is dropped.
 */
export function rewriteCodeBlock(block: CodeBlock, framework: string | null): CodeBlock | null {
  let info = block.info.trim()
  // An R Markdown or Quarto chunk (`{r label, echo=FALSE}`, `{python}`) and a pandoc block with
  // an id (`{#lst-x .sql lst-cap="…"}`, a listing) are left whole for
  // dialects/knitr/remark-code-chunks.ts, which knows their options.
  if (info.startsWith('{') && !/^\{(?:[A-Za-z][\w+-]*(?:[\s,}])|#[\w:.-]+[\s}])/.test(info)) {
    const classes =
      /^\{([^}]*)\}/
        .exec(info)?.[1]
        .split(/\s+/)
        .filter((c) => c.startsWith('.')) ?? []
    info = classes.map((c) => c.slice(1)).find((c) => !PRESENTATION_CLASSES.has(c)) ?? ''
  }
  if (info === 'toc') return null
  let body = block.body
  const first = body.findIndex((line) => line.trim() !== '')
  const tab = first >= 0 ? CELL_TAB.exec(body[first]) : null
  if (tab) {
    if (!keepsTab(tab[1], framework)) return null
    body = body.filter((_line, i) => i !== first)
  }
  if (body.some((line) => NOTEBOOK_SETUP.test(line))) {
    body = body.filter((line) => !NOTEBOOK_SETUP.test(line))
    if (body.every((line) => line.trim() === '')) return null
  }
  return { info, body }
}

/** Prose for an inline d2l role such as :numref:`sec_x` or :cite:`A,B`; null if not a d2l role. */
export function renderInlineRole(role: string, arg: string): string | null {
  const value = arg.trim()
  switch (role) {
    case 'numref':
      return placeholder('numref', value)
    case 'ref':
      return placeholder('d2l-ref', value)
    case 'eqref':
      return placeholder('d2l-eqref', value)
    case 'cite':
    case 'citep':
      return d2lCitation('cite', value)
    case 'citet':
      return d2lCitation('citet', value)
    case 'label':
    case 'eqlabel':
    case 'width':
    case 'height':
      return ''
    default:
      return null
  }
}
