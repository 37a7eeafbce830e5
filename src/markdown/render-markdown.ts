import { documentOf, warningsOf } from './essay-file-data.js'
import { preprocess } from './preprocess.js'
import { documentAnchors } from './document-anchors.js'
import { markdownProcessor } from './processor.js'
import type { EssayAnchor, ReadingBlock } from '../shared/schemas/index.js'
import type { RenderContext, RenderResult } from './types.js'

/**
 * Renders an essay body (frontmatter, if still present, is ignored) to sanitised HTML with
 * KaTeX math and highlighted code, plus its TOC, plain text, word count and the essay
 * document's parts (stored figures, cited entries, labels, warnings). Synchronous and
 * deterministic: the same markdown and context always give the same result. Bad math never
 * throws; it is shown as its source, marked as an error. The only throw is a RangeError on
 * input nested deeper than the call stack (tens of thousands of nested quotes or HTML
 * elements); a bulk import (`prepareMany`) reports that as a failure of the one file.
 */
export function renderMarkdown(markdown: string, context: RenderContext = {}): RenderResult {
  const { markdown: prepared, stash, mathPreamble, anchors } = preprocess(markdown, context.bibliography)
  const equationLabels = new Map<string, string>()
  for (const a of anchors)
    if (a.kind === 'equation' && a.number && !equationLabels.has(a.number)) equationLabels.set(a.number, a.key)
  const file = markdownProcessor.processSync({
    value: prepared,
    data: { stash, mathPreamble, context, equationLabels, captionNumbers: captionNumbersOf(anchors) },
  })
  const summary = file.data.textSummary
  const document = documentOf(file)
  const html = String(file.value)
  const toc = summary?.toc ?? []
  // The references list ends the essay: a reader finds it in the contents like any section.
  if (document.references.length > 0 && html.includes('id="references-heading"'))
    toc.push({ depth: Math.min(...toc.map((t) => t.depth), 2), text: 'References', id: 'references-heading' })
  const allAnchors = [...document.anchors, ...documentAnchors(anchors, html, toc)]
  return {
    html,
    toc,
    plainText: summary?.plainText ?? '',
    wordCount: summary?.wordCount ?? 0,
    readingLength: summary?.readingLength ?? { words: 0, cjkCharacters: 0 },
    assets: document.assets,
    references: document.references,
    anchors: allAnchors,
    warnings: [...document.warnings, ...warningsOf(file)],
    reading: labelledDisplays(file.data.reading ?? [], file.data.readingNumbers ?? [], allAnchors),
    macros: mathPreamble,
  }
}

/** What references call each numbered figure and table, by the id of its label anchor. */
function captionNumbersOf(anchors: readonly EssayAnchor[]): Map<string, string> {
  const numbers = new Map<string, string>()
  for (const a of anchors)
    if ((a.kind === 'figure' || a.kind === 'table') && a.number)
      numbers.set(a.id, `${a.kind === 'figure' ? 'Figure' : 'Table'} ${a.number}`)
  return numbers
}

/** A numbered display takes back the label its author gave it (the tree only keeps the number). */
function labelledDisplays(
  reading: ReadingBlock[],
  numbers: readonly (string | null)[],
  anchors: readonly EssayAnchor[],
): ReadingBlock[] {
  const byNumber = new Map<string, string>()
  for (const a of anchors)
    if (a.kind === 'equation' && a.number && !byNumber.has(a.number)) byNumber.set(a.number, a.key)
  let k = 0
  return reading.map((block) => {
    if (block.kind !== 'display') return block
    const number = numbers[k++]
    const label = number ? byNumber.get(number) : undefined
    return label ? { ...block, label } : block
  })
}
