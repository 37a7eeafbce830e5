import { readableCitations } from '../../../export/citation-text.js'
import { prepareSource } from '../../../export/source.js'
import type { CslEntry } from '../../../shared/schemas/index.js'
import { readInline, type InlineContext } from './inline.js'
import { joinReadable, readableOf, splitSentences } from './sentences.js'
import type { BlockKind, DisplayFormula, EssayDoc, Paragraph, Segment, Sentence } from './types.js'

const FENCE = /^(`{3,}|~{3,})/
const ATX = /^#{1,6}(?=[ \t]|$)/
const SETEXT = /^(?:=+|-+)\s*$/
const RULE = /^([-*_])(?:\s*\1){2,}\s*$/
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])[ \t]+/
const FOOTNOTE = /^\[\^[^\]]+\]:\s*/
const DEFINITION = /^ {0,3}\[([^\]^][^\]]*)\]:\s*<?(\S+?)>?(?:\s+["'(].*["')])?\s*$/
const TABLE_DELIMITER = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/
const HTML_START = /^<(?:[A-Za-z][\w-]*|!--|\/)/
const MARKER_ONLY = /^\uE003\d+\uE004$/
const LEAD = /^\*\*([^*\n]{1,40}?):?\*\*:?\s*/
const LABEL = /\\label\s*\{([^{}]*)\}/
const TAGS = /\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag)(?![A-Za-z])/g
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}，。、；：！？）」]$/u
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}（「]/u
const MACRO_ONLY = /^(?:\\(?:re)?newcommand|\\def|\\DeclareMathOperator)/

/**
 * Reads an essay for the local enhancers. It starts from the same preprocessing as the site's
 * renderer and the arXiv export (export/source.ts: every math syntax the essays use becomes
 * `$`/`$$`, labels stay as written), then reads blocks line by line: much faster than a full
 * markdown parse (about 2 ms against 50 ms for a long essay), which matters when the whole
 * site is enhanced at once.
 */
export function readEssay(markdown: string, references: readonly CslEntry[] = []): EssayDoc {
  // Citations read as a reader reads them ("Vaswani et al. (2017)"), from the entries the import resolved.
  const source = prepareSource(markdown, { citations: readableCitations(references) })
  const lines = source.markdown.split('\n')
  const definitions = new Map<string, string>()
  for (const line of lines) {
    const d = DEFINITION.exec(line)
    if (d) definitions.set(d[1].trim().toLowerCase(), d[2])
  }
  return new BlockReader({ restore: (t) => source.restore(t), definitions }).read(lines)
}

interface Open {
  block: BlockKind
  lines: string[]
}

class BlockReader {
  private readonly doc: EssayDoc = { paragraphs: [], sentences: [], displays: [], inline: [], links: [], headings: [], codeBlocks: 0 }
  private heading: string | null = null
  private headingDepth = 0
  private lead: string | null = null
  private open: Open | null = null
  /** The display formula waiting for the sentence after it. */
  private pendingAfter: DisplayFormula | null = null
  /** Whether a heading came since the last paragraph (a display after it has no sentence before). */
  private freshSection = true

  constructor(private readonly ctx: InlineContext) {}

  read(lines: string[]): EssayDoc {
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i]
      const quoted = /^\s*>/.test(raw)
      const line = raw.replace(/^(?:\s*>\s?)+/, '')
      const t = line.trim()
      if (t === '') {
        this.close()
        continue
      }
      const fence = FENCE.exec(t)
      if (fence) {
        this.close()
        i = this.skipFence(lines, i, fence[1])
        this.doc.codeBlocks++
        continue
      }
      if (t.startsWith('$$')) {
        const end = this.display(lines, i, t)
        if (end >= 0) {
          i = end
          continue
        }
      }
      if (ATX.test(t)) {
        this.close()
        this.setHeading(t.match(ATX)![0].length, t.replace(ATX, '').replace(/\s+#+\s*$/, ''))
        continue
      }
      if (this.open && this.open.lines.length === 1 && this.open.block === 'paragraph' && SETEXT.test(t)) {
        const text = this.open.lines[0]
        this.open = null
        this.setHeading(t.startsWith('=') ? 1 : 2, text)
        continue
      }
      if (RULE.test(t) || DEFINITION.test(line)) {
        this.close()
        continue
      }
      if (t.includes('|') && TABLE_DELIMITER.test((lines[i + 1] ?? '').trim())) {
        this.close()
        i = this.table(lines, i)
        continue
      }
      if (MARKER_ONLY.test(t)) {
        // A raw HTML block the preprocessor set aside: read its text and links.
        this.close()
        this.start('html', this.ctx.restore(t))
        this.close()
        continue
      }
      const item = LIST_ITEM.exec(t)
      const footnote = FOOTNOTE.exec(t)
      if (item || footnote) {
        this.close()
        this.start(footnote ? 'footnote' : 'item', t.slice((item ?? footnote)![0].length))
        continue
      }
      if (!this.open) this.start(quoted ? 'quote' : HTML_START.test(t) ? 'html' : 'paragraph', t)
      else this.open.lines.push(t)
    }
    this.close()
    this.resolveReferences()
    return this.doc
  }

  private start(block: BlockKind, text: string): void {
    this.open = { block, lines: [text] }
  }

  private setHeading(depth: number, markdown: string): void {
    const text = joinReadable(readInline(markdown.replace(/\s*\{#[^}]*\}\s*$/, ''), this.ctx).map(readableOf))
    this.heading = text || this.heading
    this.headingDepth = depth
    this.lead = null
    this.freshSection = true
    this.pendingAfter = null
    if (text) this.doc.headings.push({ depth, text })
  }

  private skipFence(lines: string[], i: number, fence: string): number {
    for (let j = i + 1; j < lines.length; j++) {
      const t = lines[j].replace(/^(?:\s*>\s?)+/, '').trim()
      if (t.startsWith(fence[0].repeat(fence.length)) && /^[`~]+$/.test(t)) return j
    }
    return lines.length
  }

  /** A `$$` display; returns the index of its last line, or -1 when this is not one. */
  private display(lines: string[], i: number, t: string): number {
    let body: string
    let end = i
    if (t === '$$') {
      end = lines.findIndex((l, j) => j > i && l.replace(/^(?:\s*>\s?)+/, '').trim() === '$$')
      if (end < 0) return -1
      body = lines.slice(i + 1, end).join('\n')
    } else if (/^\$\$[^$]+\$\$$/.test(t)) {
      body = t.slice(2, -2)
    } else return -1
    this.close()
    this.addDisplay(this.ctx.restore(body))
    return end
  }

  private addDisplay(written: string): void {
    const label = LABEL.exec(written)?.[1].trim() ?? null
    const tex = written.replace(TAGS, '').trim()
    if (tex === '' || MACRO_ONLY.test(tex)) return
    const before = this.freshSection ? null : (this.doc.sentences[this.doc.sentences.length - 1] ?? null)
    const formula: DisplayFormula = { index: this.doc.displays.length, tex, label, context: this.lead ?? this.heading, before, after: null }
    this.doc.displays.push(formula)
    this.pendingAfter = formula
  }

  private table(lines: string[], i: number): number {
    let j = i
    for (; j < lines.length && lines[j].includes('|') && lines[j].trim() !== ''; j++) {
      if (j === i + 1) continue
      for (const cell of lines[j].trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/)) {
        if (cell.trim()) this.paragraph('table', cell.trim())
      }
    }
    return j - 1
  }

  private close(): void {
    if (!this.open) return
    const { block, lines } = this.open
    this.open = null
    // Chinese and Japanese lines join without a space, as the renderer's text does.
    const joined = lines.reduce((acc, line) => (acc === '' ? line : CJK_END.test(acc) && CJK_START.test(line) ? acc + line : `${acc} ${line}`), '')
    this.paragraph(block, joined)
  }

  private paragraph(block: BlockKind, markdown: string): void {
    const lead = LEAD.exec(markdown)
    if (lead && block === 'paragraph') this.lead = lead[1].trim()
    const segments = readInline(markdown, this.ctx)
    const paragraph: Paragraph = {
      index: this.doc.paragraphs.length,
      block,
      segments,
      text: joinReadable(segments.map(readableOf)),
      heading: this.heading,
      headingDepth: this.headingDepth,
      lead: lead ? lead[1].trim() : null,
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

  /** `\eqref{eq:x}` in prose reads "(n)", n counting labelled displays as the site numbers them. */
  private resolveReferences(): void {
    const numbers = new Map<string, number>()
    for (const d of this.doc.displays) if (d.label && !numbers.has(d.label)) numbers.set(d.label, numbers.size + 1)
    const fix = (text: string) =>
      text.replace(/\\(?:eq)?ref\s*\{([^{}]*)\}/g, (_all, key: string) => (numbers.has(key.trim()) ? `(${numbers.get(key.trim())})` : '')).replace(/\\label\s*\{[^{}]*\}/g, '')
    for (const s of this.doc.sentences) {
      if (!s.text.includes('\\')) continue
      s.text = fix(s.text)
      s.prose = fix(s.prose)
    }
  }
}
