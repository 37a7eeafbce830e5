import type { ReadingBlock } from '../shared/schemas/index.js'
import { joinReadable, readableOf, splitSentences } from './sentences.js'
import type { BlockKind, DisplayFormula, EssayDoc, Paragraph, Segment, Sentence } from './essay-doc.js'

/** Numbering commands KaTeX would act on; not part of what the formula says. */
const TAGS = /\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z])/g
const MACRO_ONLY = /^(?:\\(?:re)?newcommand|\\def|\\DeclareMathOperator)/

/**
 * The essay as text analysis reads it (the local enhancers, discovery): sentences, formulas,
 * links and headings, built from the site's one reading of the essay (the essay document's
 * `reading`, made when it was rendered: citations already read as "Vaswani et al. (2017)",
 * cross-references as "(1)").
 */
export function readEssay(reading: readonly ReadingBlock[]): EssayDoc {
  return new DocBuilder().read(reading)
}

class DocBuilder {
  private readonly doc: EssayDoc = {
    paragraphs: [],
    sentences: [],
    displays: [],
    inline: [],
    links: [],
    headings: [],
    codeBlocks: 0,
  }
  private heading: string | null = null
  private headingDepth = 0
  private lead: string | null = null
  /** The display formula waiting for the sentence after it. */
  private pendingAfter: DisplayFormula | null = null
  /** Whether a heading came since the last paragraph (a display after it has no sentence before). */
  private freshSection = true

  read(blocks: readonly ReadingBlock[]): EssayDoc {
    for (const block of blocks) {
      switch (block.kind) {
        case 'heading':
          this.setHeading(block.depth, joinReadable(block.segments.map(readableOf)))
          break
        case 'code':
          this.doc.codeBlocks++
          break
        case 'display':
          this.addDisplay(block.tex, block.label)
          break
        case 'prose':
          this.paragraph(block.block, block.segments, block.lead ?? null)
          break
      }
    }
    return this.doc
  }

  private setHeading(depth: number, text: string): void {
    this.heading = text || this.heading
    this.headingDepth = depth
    this.lead = null
    this.freshSection = true
    this.pendingAfter = null
    if (text) this.doc.headings.push({ depth, text })
  }

  private addDisplay(written: string, label: string | null): void {
    const tex = written.replace(TAGS, '').trim()
    if (tex === '' || MACRO_ONLY.test(tex)) return
    const before = this.freshSection ? null : (this.doc.sentences[this.doc.sentences.length - 1] ?? null)
    const formula: DisplayFormula = {
      index: this.doc.displays.length,
      tex,
      label,
      context: this.lead ?? this.heading,
      before,
      after: null,
    }
    this.doc.displays.push(formula)
    this.pendingAfter = formula
  }

  private paragraph(block: BlockKind, segments: Segment[], lead: string | null): void {
    if (lead && block === 'paragraph') this.lead = lead
    const paragraph: Paragraph = {
      index: this.doc.paragraphs.length,
      block,
      segments,
      text: joinReadable(segments.map(readableOf)),
      heading: this.heading,
      headingDepth: this.headingDepth,
      lead,
      sentences: [],
    }
    if (paragraph.text === '' && !segments.some((s) => s.kind === 'math' || s.kind === 'link')) return
    this.doc.paragraphs.push(paragraph)
    for (const parts of splitSentences(segments)) {
      const sentence = this.sentence(parts, paragraph)
      paragraph.sentences.push(sentence)
      if (this.pendingAfter) this.pendingAfter.after = sentence
      this.pendingAfter = null
    }
    this.freshSection = false
  }

  private sentence(segments: Segment[], paragraph: Paragraph): Sentence {
    const sentence: Sentence = {
      index: this.doc.sentences.length,
      segments,
      text: joinReadable(segments.map(readableOf)),
      // Line breaks where links, formulas or code stood: no term is read across them.
      prose: segments.map((s) => (s.kind === 'text' ? s.text : '\n')).join(''),
      block: paragraph.block,
      paragraph: paragraph.index,
      heading: paragraph.heading,
    }
    this.doc.sentences.push(sentence)
    for (const s of segments) {
      if (s.kind === 'math' && s.tex) this.doc.inline.push({ tex: s.tex, sentence })
      if (s.kind === 'link' && s.url) this.doc.links.push({ text: s.text, url: s.url, sentence })
    }
    return sentence
  }
}
