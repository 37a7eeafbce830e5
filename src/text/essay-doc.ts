import type { ReadingSegment } from '../shared/schemas/index.js'

/** A run of an essay's inline content, as the site's one reading typed it (issue 20). */
export type Segment = ReadingSegment

export type BlockKind = 'paragraph' | 'item' | 'quote' | 'footnote' | 'table' | 'html'

export interface Sentence {
  index: number
  segments: Segment[]
  /** As a reader reads it: formulas as readable text, code as written, citation keys left out. */
  text: string
  /**
   * Only the words a reader can have highlighted (not in links, code, formulas or citations),
   * with a line break wherever one of those stood, so no phrase spans them.
   */
  prose: string
  block: BlockKind
  paragraph: number
  /** The nearest heading above, as text. */
  heading: string | null
}

export interface Paragraph {
  index: number
  block: BlockKind
  segments: Segment[]
  /** Readable text of the whole block (a reference-list item is parsed from this). */
  text: string
  heading: string | null
  headingDepth: number
  /** The bold lead-in it starts with, such as "Theorem" or "Proof". */
  lead: string | null
  sentences: Sentence[]
}

export interface DisplayFormula {
  index: number
  /** The TeX as the author wrote it, without the `\label` and the numbering tags. */
  tex: string
  label: string | null
  /** Heading, or the bold lead-in ("Proof"), the formula stands under. */
  context: string | null
  /** The sentence just before it (often "…is given by"), null after a heading. */
  before: Sentence | null
  /** The sentence just after it (often "where x is …"). */
  after: Sentence | null
}

export interface InlineFormula {
  tex: string
  sentence: Sentence
}

export interface EssayLink {
  text: string
  url: string
  sentence: Sentence
}

export interface Heading {
  depth: number
  text: string
}

/** An essay read for analysis: its prose in sentences, its formulas, links and code. */
export interface EssayDoc {
  paragraphs: Paragraph[]
  sentences: Sentence[]
  displays: DisplayFormula[]
  inline: InlineFormula[]
  links: EssayLink[]
  headings: Heading[]
  codeBlocks: number
}
