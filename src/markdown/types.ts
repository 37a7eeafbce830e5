import type { TocEntry } from '../shared/schemas/index.js'

/** What the markdown pipeline yields for one essay. */
export interface RenderResult {
  /** Sanitised HTML with KaTeX markup (HTML + MathML) and highlighted code. */
  html: string
  /** Headings in document order; `id` matches the heading's id attribute in `html`. */
  toc: TocEntry[]
  /** Readable text for search and excerpts: no markup, formulas kept as their TeX source. */
  plainText: string
  /** Words a reader reads (CJK characters count one each); code blocks excluded. */
  wordCount: number
}

/** Bump when the pipeline's output changes, so stored HTML is re-rendered on the next import. */
export const RENDER_VERSION = 3
