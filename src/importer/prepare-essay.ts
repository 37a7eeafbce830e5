import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { describeError } from '../core/errors.js'
import { renderMarkdown, type RenderContext, type RenderResult } from '../markdown/index.js'
import { renderedSizeProblem } from '../markdown/render-limits.js'
import { assetResolverFor } from './assets/asset-context.js'
import { stampFiles, type FigureStamp } from './assets/figure-stamp.js'
import { bibliographyFor } from './bibliography/bibliography-context.js'
import { parseEssay, type EssayInput, type ParseOptions, type ParsedEssay } from './parse/index.js'
import { renderedExcerpt } from './parse/parse-essay.js'
import { readingExcerpt } from '../markdown/reading-excerpt.js'
import { renderFailure } from './render-task.js'

/** One file's text on its way to becoming a post. */
export interface EssayTask {
  essay: EssayInput
  options: ParseOptions
}

/**
 * A file read into post fields and rendered, or why it could not be (a per-file message). The
 * essay's HTML is kept apart, compressed (`essayHtml` reads it back), and a render worker moves
 * those bytes to the importing thread rather than copying them. A bulk import holds every
 * essay's HTML until its one write, while both workers are at their largest: as strings, 70 MB
 * for the corpus (each has a character beyond Latin-1, KaTeX's MathML, so two bytes a
 * character); as UTF-8, 35 MB; compressed, 3.7 MB, for 0.2 s of compressing spread over the
 * workers (measured on the corpus).
 */
export type PreparedEssay =
  | { parsed: ParsedEssay; rendered: Omit<RenderResult, 'html'>; html: Uint8Array; figures?: FigureStamp }
  | { failed: string }

/** zlib's fastest level: the markup of KaTeX repeats so much that it still shrinks tenfold. */
const PACKING = { level: 1 }

function packHtml(html: string): Uint8Array {
  // Copied out: zlib's result may be a slice of a buffer shared with other small ones, which
  // cannot be moved to another thread.
  return new Uint8Array(deflateRawSync(html, PACKING))
}

/** The HTML of a prepared essay, as rendered. */
export function essayHtml(prepared: { html: Uint8Array }): string {
  return inflateRawSync(prepared.html).toString('utf8')
}

/** The buffers a render worker moves, rather than copies, when it answers with `outcome`. */
export function movedBuffers(outcome: object): ArrayBuffer[] {
  return 'html' in outcome && outcome.html instanceof Uint8Array && outcome.html.buffer instanceof ArrayBuffer
    ? [outcome.html.buffer]
    : []
}

/**
 * Parse, then render: everything an import does to one file before it touches the store.
 * Synchronous, so it can run on any thread; the only side effect is copying the essay's local
 * figures into the data folder's media (content-addressed, so a repeat is a no-op). Never throws.
 */
export function prepareEssay({ essay, options }: EssayTask): PreparedEssay {
  let parsed: ParsedEssay
  try {
    parsed = parseEssay(essay, options)
  } catch (e) {
    return { failed: describeError(e) }
  }
  try {
    const context: RenderContext = {}
    const resolveAsset = assetResolverFor(essay, options)
    if (resolveAsset) context.resolveAsset = resolveAsset
    const bibliography = bibliographyFor(essay, parsed, options.dataDir)
    if (bibliography) context.bibliography = bibliography.entries
    if (options.citationStyle) context.citationStyle = options.citationStyle
    const rendered = renderMarkdown(parsed.body, context)
    const firstParagraph = readingExcerpt(rendered.reading)
    if (firstParagraph) parsed = { ...parsed, excerpt: renderedExcerpt(parsed, firstParagraph) }
    const tooLarge = renderedSizeProblem(rendered.html)
    if (tooLarge) return { failed: `The essay ${tooLarge}` }
    // A missing or broken bibliography file is the import report's business too.
    if (bibliography) rendered.warnings.push(...bibliography.warnings)
    const { html, ...rest } = rendered
    // A lone surrogate (none in UTF-8 files) becomes U+FFFD, as it would on its way to a reader.
    const prepared = { parsed, rendered: rest, html: packHtml(html) }
    if (resolveAsset && essay.root && resolveAsset.looked.size > 0)
      return { ...prepared, figures: stampFiles(resolveAsset.looked, essay.root) }
    return prepared
  } catch (e) {
    return { failed: renderFailure(describeError(e)) }
  }
}
