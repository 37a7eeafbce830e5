import { VFile } from 'vfile'
import { isMyst, readMyst } from './dialects/myst/index.js'
import { expandIncludes } from './dialects/pandoc/includes.js'
import { expandInlineR } from './dialects/knitr/inline-r.js'
import { expandEngineBlocks } from './dialects/knitr/engine-blocks.js'
import { doiOf } from './citations/citation-marks.js'
import { withFormulaWidths } from './plugins/formula-width.js'
import { unwrapCodeMath } from './dialects/reveal/code-wrapped-math.js'
import { expandSiteShortcodes } from './dialects/hugo/site-shortcodes.js'
import { documentOf, warn, warningsOf } from './essay-file-data.js'
import { stripFrontMatter } from './syntax/front-matter.js'
import { stripPlaceholderChars } from './syntax/placeholders.js'
import { preprocess } from './preprocess.js'
import { expandLiquidVariables } from './syntax/liquid/variables.js'
import { documentAnchors } from './document-anchors.js'
import { markdownProcessor } from './processor.js'
import type { EssayAnchor, ReadingBlock } from '../shared/schemas/index.js'
import type { RenderContext, RenderResult } from './types.js'
import { itemChapter } from './syntax/chapter-number.js'

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
  const myst = mystBody(markdown, context)
  const { file, anchors } =
    myst === null ? renderCommonMark(markdown, context) : renderMystOrText(myst, markdown, context)
  const mathPreamble = file.data.mathPreamble ?? []
  const summary = file.data.textSummary
  const document = documentOf(file)
  // Each display formula's width, for paper to scale a wide one to the column without a script.
  const html = withFormulaWidths(String(file.value))
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
    ...(context.chapter ? { chapter: context.chapter } : {}),
    ...(context.chapter && context.plainNumbers ? { plainNumbers: true as const } : {}),
    ...(document.links ? { links: document.links } : {}),
    ...(document.sitePaths ? { sitePaths: document.sitePaths } : {}),
    ...(document.folders ? { folders: document.folders } : {}),
  }
}

/** Documents of tools that are not MyST's, though they fence cells in braces as it does. */
const NEVER_MYST = new Set(['.qmd', '.rmd'])

/**
 * The body of a MyST document (Jupyter Book, mystmd) ready for its parser, or null for any other
 * essay. A page given MyST substitution values (only a MyST book or front matter defines them)
 * that uses one is MyST even when it has no other MyST syntax.
 */
function mystBody(markdown: string, context: RenderContext): string | null {
  if (context.sourceExtension !== undefined && NEVER_MYST.has(context.sourceExtension)) return null
  let text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n')
  const { body } = stripFrontMatter(stripPlaceholderChars(text))
  const substitutes = (context.substitutions?.size ?? 0) > 0 && /\{\{[^{}]*\}\}/.test(body)
  return substitutes || isMyst(body) ? body : null
}

/** CommonMark with every site dialect the preprocessor and the remark plugins read. */
function renderCommonMark(markdown: string, context: RenderContext): Rendered {
  const included = context.readInclude ? expandIncludes(markdown, context.readInclude) : { markdown, problems: [] }
  // The template languages that run before markdown is read (a Hugo site's own shortcodes,
  // knitr's inline R, Jekyll's Liquid),
  // and reveal.js's formulas in code spans, which its page typesets after markdown.
  const templated = context.readInclude
    ? expandSiteShortcodes(included.markdown, context.readInclude, {
        baseFileName: context.sourceName ?? '',
        title: context.metadata?.get('title'),
      })
    : included.markdown
  const expanded = unwrapCodeMath(expandLiquidVariables(expandEngineBlocks(expandInlineR(templated))))
  const {
    markdown: prepared,
    stash,
    mathPreamble,
    anchors,
  } = preprocess(expanded, {
    bibliography: context.bibliography,
    metadata: context.metadata,
    chapter: itemChapter(context),
  })
  const file = markdownProcessor.processSync({
    value: prepared,
    data: { stash, mathPreamble: [...(context.macros ?? []), ...mathPreamble], context, ...labelData(anchors) },
  })
  for (const problem of included.problems) warn(file, 'include', problem)
  // The labels as the tree's transforms left them (bookdown's sections take their numbers there).
  return { file, anchors: file.data.anchors ? [...file.data.anchors] : anchors }
}

/**
 * The MyST parser recurses once per nesting level, so a document of thousands of unclosed
 * directives exhausts the stack, and one of hundreds costs it seconds per level squared: such a
 * document is read as CommonMark instead, where its fences show as the text they are. No
 * written document nests directives that deep (a book's deepest are a handful).
 */
function renderMystOrText(body: string, markdown: string, context: RenderContext): Rendered {
  if (directiveDepth(body) > MAX_DIRECTIVE_DEPTH) return renderCommonMark(markdown, context)
  try {
    return renderMyst(body, context)
  } catch (error) {
    if (error instanceof RangeError) return renderCommonMark(markdown, context)
    throw error
  }
}

const MAX_DIRECTIVE_DEPTH = 64

const DIRECTIVE_OPENING = /^[ \t]*(?:`{3,}|~{3,}|:{3,})\{[^}\n]*\}/
const BARE_FENCE = /^[ \t]*(?:`{3,}|~{3,}|:{3,})[ \t]*$/

/** How deep directives nest in `body` at most: openings not yet closed by a bare fence line. */
function directiveDepth(body: string): number {
  let depth = 0
  let deepest = 0
  for (const line of body.split('\n')) {
    if (DIRECTIVE_OPENING.test(line)) deepest = Math.max(deepest, ++depth)
    else if (depth > 0 && BARE_FENCE.test(line)) depth--
  }
  return deepest
}

/** MyST, read by its own parser into the mdast that the same pipeline then runs on. */
function renderMyst(body: string, context: RenderContext): Rendered {
  const { tree, anchors, warnings } = readMyst(body, {
    readInclude: context.readInclude,
    substitutions: context.substitutions,
    citable: (key) => context.bibliography?.has(key) === true || doiOf(key) !== null,
  })
  const file = new VFile({
    data: { stash: [], mathPreamble: [...(context.macros ?? [])], context, ...labelData(anchors) },
  })
  for (const [rule, message] of warnings) warn(file, rule, message)
  const ran = markdownProcessor.runSync(tree, file)
  file.value = markdownProcessor.stringify(ran, file)
  return { file, anchors }
}

interface Rendered {
  file: VFile
  anchors: EssayAnchor[]
}

/** What the equation anchors and caption numbers are told of the document's labels. */
function labelData(anchors: readonly EssayAnchor[]) {
  const equationLabels = new Map<string, string>()
  for (const a of anchors)
    if (a.kind === 'equation' && a.number && !equationLabels.has(a.number)) equationLabels.set(a.number, a.key)
  return { anchors, equationLabels, captionNumbers: captionNumbersOf(anchors) }
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
