import {
  BEGIN_TAB_LINE,
  BLOCK_DIRECTIVE_LINE,
  END_TAB_LINE,
  chooseFramework,
  keepsTab,
  d2lTableOfContents,
  rewriteCodeBlock,
} from './syntax/d2l.js'
import {
  DEF_LINE,
  DIV_CLOSE_LINE,
  DIV_OPEN_LINE,
  LINE_BREAK_LINE,
  TOC_LINE,
  divClassName,
  isRawHtmlFence,
  rawHtmlBlock,
  skipDef,
} from './syntax/franklin.js'
import {
  DETAILS_CLOSE,
  DETAILS_CLOSING_HTML,
  detailsOpening,
  detailsOpeningHtml,
  readDistillCode,
} from './syntax/distill.js'
import { matchContainedFence } from './syntax/contained-fence.js'
import { stripFrontMatter } from './syntax/front-matter.js'
import { citationScope } from './syntax/citations.js'
import { rewriteInline, type InlineContext } from './syntax/inline.js'
import { LabelRegistry, type Anchor } from './syntax/labels.js'
import { resolvePlaceholders, stripPlaceholderChars } from './syntax/placeholders.js'
import { Stash, unstash } from './syntax/stash.js'
import type { EssayAnchor } from '../shared/schemas/index.js'
import { isTexDefinitionLine, rewriteTex, tagDisplay, toKatexDefinition } from './syntax/tex.js'
import { closingDisplayLine, closingLine, DISPLAY_OPEN, QUARTO_EQUATION_LABEL } from './syntax/display-math.js'
import { wrapBareEnvironments } from './syntax/bare-environments.js'

/** Markdown ready for the remark pipeline, plus what the later stages must know. */
export interface Preprocessed {
  markdown: string
  /** What the stash markers in `markdown` stand for (see syntax/stash.ts), by marker number. */
  stash: string[]
  /**
   * TeX macro definitions written in prose, outside any formula (`\newcommand{\R}{…}` on a
   * line of its own, as MathJax and Franklin pages do); to be run before the first formula.
   */
  mathPreamble: string[]
  /** Labels the document defines (sections, figures, tables, equations), for other posts to link to. */
  anchors: EssayAnchor[]
}

/**
 * Text-level rewriting before parsing, so that the syntax of the sites essays come from
 * (LaTeX/MathJax habits, d2l-book, Franklin, Jekyll/Liquid) renders instead of showing as stray
 * text. Code blocks and code spans are never touched; math is only touched to number labels.
 */
export function preprocess(
  source: string,
  page: { bibliography?: ReadonlyMap<string, unknown>; metadata?: ReadonlyMap<string, string>; chapter?: string } = {},
): Preprocessed {
  let text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n')
  const { body, variables } = stripFrontMatter(stripPlaceholderChars(text))
  const metadata = new Map([...(page.metadata ?? []), ...variables])
  return new Rewriter(wrapBareEnvironments(body), { variables, metadata }, page).run()
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/
const CONTAINER_PREFIX = /^(?:[ \t]*>)*[ \t]*/
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])([ \t]+|$)/
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)\s*$/
const D2L_SIGNS = /:(?:label|numref|eqref|cite|citet):`|^```\{\.python \.input/m
const FRANKLIN_INLINE_HTML = /^\s*~~~<[^]*~~~/
/** The same label after a one-line display (`$$ x = 1 $$ {#eq-x}`), read after its `$$`. */
const QUARTO_LABEL_AFTER = /^\s*\{#(eq-[\w-]+)\}\s*$/
/** A heading's `{#id}` attribute (pandoc may add classes and values: `{#sec-x .unnumbered}`). */
const HEADING_ID = /\{#([\w:.-]+)(?:[ \t][^{}\n]*)?\}[ \t]*$/
/** A line holding only a line break tag. */
const LONE_BREAK = /^ {0,3}<br\s*\/?>\s*$/i
const FOOTNOTE_DEFINITION = /^\s*\[\^[^\]]+\]:/
const SIMPLE_ID = /^[\w:.-]+$/
const PUNCTUATION_AFTER_MATH = /^[.,;:]?\s*$/
const LIQUID_HIGHLIGHT = /^\{%-?\s*highlight\s+([\w+#.-]+)[^%]*-?%\}$/
const LIQUID_END_HIGHLIGHT = /^\{%-?\s*endhighlight\s*-?%\}$/
const LIQUID_COMMENT = /^\{%-?\s*comment\s*-?%\}$/
const LIQUID_END_COMMENT = /^\{%-?\s*endcomment\s*-?%\}$/

type BlockKind = 'none' | 'heading' | 'paragraph' | 'math' | 'code' | 'html' | 'div'

/** The block last written, as output line indices, for labels that follow what they name. */
interface LastBlock {
  kind: BlockKind
  start: number
  end: number
  title?: string
  /** For display math: the stash entry holding its TeX. */
  tex?: number
}

/** One pass over the lines of one document. */
class Rewriter {
  private readonly lines: string[]
  private readonly out: string[] = []
  private readonly labels: LabelRegistry
  private readonly stash = new Stash()
  private readonly ctx: InlineContext
  private readonly preamble: string[] = []
  private readonly framework: string | null
  private para: string[] = []
  private last: LastBlock = { kind: 'none', start: -1, end: -1 }
  /** Inside a d2l tab for another framework: lines are read but not written. */
  private dropping = false
  private readonly divs: Array<{ footnote: boolean }> = []
  /** Indentation that keeps the content of a Franklin div inside its footnote. */
  private prefix = ''
  private listIndent = -1
  private blankBefore = true
  private readonly lastMatches = new Map<RegExp, number>()
  /** `{% details %}` boxes opened and not yet closed. */
  private openDetails = 0

  /** `bibliography`: the keys a bare `@key` may cite (syntax/citations.ts); `chapter`: see LabelRegistry. */
  constructor(
    text: string,
    { variables, metadata }: Pick<InlineContext, 'variables' | 'metadata'>,
    { bibliography, chapter }: { bibliography?: ReadonlyMap<string, unknown>; chapter?: string },
  ) {
    this.lines = text.split('\n')
    this.labels = new LabelRegistry(chapter)
    this.framework = chooseFramework(text)
    const d2l = this.framework !== null || D2L_SIGNS.test(text)
    const citations = citationScope(text, bibliography)
    this.ctx = { labels: this.labels, stash: this.stash, variables, metadata, d2l, citations }
  }

  run(): Preprocessed {
    for (let i = 0; i < this.lines.length;) i = this.line(i)
    this.flushPara()
    while (this.divs.length > 0) this.closeDiv()
    const resolve = (text: string): string => resolvePlaceholders(text, (kind, key) => this.labels.resolve(kind, key))
    return {
      markdown: resolve(this.out.join('\n')),
      stash: this.stash.entries.map(resolve),
      mathPreamble: this.preamble,
      // Titles as written, their formulas put back: stash markers mean nothing outside this render.
      anchors: this.labels.list().map((a) => (a.title ? { ...a, title: unstash(a.title, this.stash.entries) } : a)),
    }
  }

  /** Handles the construct starting at line `i`; returns the index of the next unread line. */
  private line(i: number): number {
    const line = this.lines[i]
    if (line.trim() === '') {
      this.flushPara()
      this.emit('')
      this.blankBefore = true
      return i + 1
    }
    const indent = columns(line)
    const codeIndent = Math.max(this.listIndent, 0) + 4
    if (this.para.length === 0 && indent >= codeIndent) {
      // Franklin has no indented code: an indented `~~~<h4>~~~` line is inline HTML.
      if (FRANKLIN_INLINE_HTML.test(line)) {
        this.para.push(line.trimStart())
        return i + 1
      }
      return this.indentedCode(i, codeIndent)
    }
    this.trackList(line, indent)
    if (this.para.length === 0 && LONE_BREAK.test(line)) {
      // Kramdown (Jekyll) reads a `<br>` line as a break and goes on with markdown; to CommonMark
      // it opens an HTML block that swallows the next paragraph, links and formulas unread.
      // As written (a list item's indentation kept), then a blank line.
      this.emit(line.trimEnd())
      this.emit('')
      this.blankBefore = true
      return i + 1
    }
    this.blankBefore = false
    // A scan, not a regular expression: see contained-fence.ts (issue 21).
    const contained = matchContainedFence(line)
    if (contained) {
      const next = this.containedFence(i, contained.fence, contained.rest)
      if (next >= 0) return next
    }
    if (indent < codeIndent) {
      const fence = FENCE.exec(line)
      if (fence) {
        const next = this.fenced(i, fence[1], fence[2], fence[3])
        if (next >= 0) return next
      }
      const display = DISPLAY_OPEN.exec(line)
      if (display) {
        const next = this.displayMath(i, display[1], display[2])
        if (next >= 0) return next
      }
    }
    const site = this.siteLine(i, line)
    if (site >= 0) return site
    if (ATX_HEADING.test(line)) {
      this.flushPara()
      const heading = rewriteInline(line, this.ctx, '')
      const start = this.out.length
      this.emit(heading)
      this.setLast('heading', start, start, headingTitle(heading))
      // `## Title {#sec-x}` (pandoc, Quarto): a section other text may refer to (`@sec-x`).
      // A cheap test first: the pattern is anchored at the end, and long blank runs must not cost (issue 21).
      const id = heading.includes('{#') ? HEADING_ID.exec(heading) : null
      if (id && SIMPLE_ID.test(id[1]))
        this.labels.addAnchor(id[1], 'section', headingTitle(heading).replace(HEADING_ID, '').trim())
      return i + 1
    }
    this.para.push(line)
    return i + 1
  }

  /** Keeps track of the innermost list item, so that its indented paragraphs are not taken for code. */
  private trackList(line: string, indent: number): void {
    const item = LIST_ITEM.exec(line)
    if (item) {
      const gap = item[3].length
      this.listIndent = item[1].length + item[2].length + (gap === 0 || gap > 4 ? 1 : gap)
    } else if (this.blankBefore && indent < this.listIndent) {
      this.listIndent = -1
    }
  }

  private indentedCode(i: number, codeIndent: number): number {
    let j = i
    while (j < this.lines.length && (this.lines[j].trim() === '' || columns(this.lines[j]) >= codeIndent)) j++
    while (j > i + 1 && this.lines[j - 1].trim() === '') j--
    const start = this.out.length
    for (let k = i; k < j; k++) this.emit(this.lines[k])
    this.setLast('code', start, this.out.length - 1)
    return j
  }

  private fenced(i: number, indent: string, fence: string, rest: string): number {
    const char = fence[0]
    // Not a fence: a backtick info string cannot hold backticks, and `~~~<b>x</b>~~~` is
    // Franklin inline HTML.
    if (char === '`' ? rest.includes('`') : rest.includes('~~~')) return -1
    this.flushPara()
    let j = i + 1
    while (j < this.lines.length && !isClosingFence(this.lines[j], char, fence.length)) j++
    const body = this.lines.slice(i + 1, j)
    const next = Math.min(j + 1, this.lines.length)
    const start = this.out.length
    if (char === '~' && isRawHtmlFence(rest, body)) {
      for (const line of rawHtmlBlock(rest, body, this.stash, this.ctx.variables)) this.emit(line)
      this.setLast('html', start, this.out.length - 1)
      return next
    }
    const contents = d2lTableOfContents(rest, body)
    if (contents) {
      // The book's own order of its pages: a list of links the site resolves to the imported posts.
      this.emit('')
      for (const entry of contents) this.emit(`${indent}- [${entry}](${encodeURI(entry)}.md)`)
      this.emit('')
      this.setLast('paragraph', start, this.out.length - 1)
      return next
    }
    const block = rewriteCodeBlock({ info: rest, body }, this.framework)
    if (block === null) return next
    this.emit(indent + fence + block.info)
    // The container (list item) and the fence's own indentation are not part of the code.
    if (block.body.length > 0)
      this.emit(indent + this.stash.put(block.body.map((l) => dedent(l, indent.length)).join('\n')))
    this.emit(indent + fence)
    this.setLast('code', start, this.out.length - 1)
    return next
  }

  /**
   * A fenced block inside a container is copied as it is, container markers and all: the code
   * is not rewritten (no d2l cleanup), only protected from the prose rewriting.
   */
  private containedFence(i: number, fence: string, rest: string): number {
    const char = fence[0]
    if (char === '`' && rest.includes('`')) return -1
    let j = i + 1
    while (j < this.lines.length && !isClosingFence(this.lines[j].replace(CONTAINER_PREFIX, ''), char, fence.length))
      j++
    if (j >= this.lines.length) return -1
    this.flushPara()
    const start = this.out.length
    for (let k = i; k <= j; k++) this.emit(this.lines[k])
    this.setLast('code', start, this.out.length - 1)
    return j + 1
  }

  /**
   * Display math in every form the corpus uses becomes one fenced `$$` block: `$$…$$` alone
   * on a line (remark-math would make it inline), `$$ \label{k}` openers (remark-math would
   * take the label for the fence's meta and drop it), and formulas closed by `…$$` at the end
   * of a line (remark-math would read on to the end of the document).
   */
  private displayMath(i: number, indent: string, rest: string): number {
    let tex: string
    let next: number
    const close = rest.indexOf('$$')
    let quartoLabel: string | undefined
    if (close >= 0) {
      const content = rest.slice(0, close)
      let after = rest.slice(close + 2)
      const attribute = QUARTO_LABEL_AFTER.exec(after)
      if (attribute) {
        quartoLabel = attribute[1]
        after = ''
      }
      if (content.includes('$') || !PUNCTUATION_AFTER_MATH.test(after)) return -1
      tex = content + after.trim()
      next = i + 1
    } else {
      if (rest.includes('$')) return -1
      const j = closingDisplayLine(this.lines, i + 1, rest.trim() === '')
      if (j < 0) {
        // Unclosed: show it as written rather than let it swallow what follows.
        this.para.push(`${indent}\\$\\$${rest}`)
        return i + 1
      }
      // Quarto labels a display after its closing `$$`: `$$ {#eq-name}`.
      const closing = closingLine(this.lines[j])
      const attribute = QUARTO_EQUATION_LABEL.exec(closing)
      if (attribute) quartoLabel = attribute[1]
      const body = attribute ? closing.slice(0, attribute.index).trimEnd() : closing
      tex = [rest, ...this.lines.slice(i + 1, j), body.slice(0, -2)].filter((l) => l.trim() !== '').join('\n')
      next = j + 1
    }
    this.flushPara()
    const source = rewriteTex(tex, true, this.labels).trim()
    if (source === '') return next
    const start = this.out.length
    this.emit(`${indent}$$`)
    this.emit(indent + this.stash.put(source))
    this.emit(`${indent}$$`)
    this.setLast('math', start, this.out.length - 1, undefined, this.stash.entries.length - 1)
    if (quartoLabel) this.tagLastEquation(quartoLabel)
    return next
  }

  /** Whole-line site syntax; returns -1 when `line` is none. */
  private siteLine(i: number, line: string): number {
    const first = line.trimStart()[0]
    if (first !== ':' && first !== '@' && first !== '\\' && first !== '{' && first !== '<') return -1
    if (first === '<' || first === '{') {
      const distill = this.distillBlock(i, line.trim())
      if (distill >= 0 || first === '<') return distill
    }
    let m: RegExpExecArray | null
    if ((m = BEGIN_TAB_LINE.exec(line))) {
      this.flushPara()
      this.dropping = !keepsTab(m[1], this.framework)
      return i + 1
    }
    if (END_TAB_LINE.test(line)) {
      this.flushPara()
      this.dropping = false
      return i + 1
    }
    if ((m = BLOCK_DIRECTIVE_LINE.exec(line))) {
      this.flushPara()
      this.blockDirective(m[1], m[2].trim())
      return i + 1
    }
    if (DEF_LINE.test(line)) return skipDef(this.lines, i)
    if ((m = DIV_OPEN_LINE.exec(line))) {
      this.flushPara()
      this.openDiv(m[1])
      return i + 1
    }
    if (DIV_CLOSE_LINE.test(line) && this.divs.length > 0) {
      this.flushPara()
      this.closeDiv()
      return i + 1
    }
    if (TOC_LINE.test(line) || LINE_BREAK_LINE.test(line)) {
      this.flushPara()
      return i + 1
    }
    if (isTexDefinitionLine(line)) {
      this.preamble.push(toKatexDefinition(line))
      return i + 1
    }
    if (first === '{') return this.liquidBlock(i, line.trim())
    return -1
  }

  /** Distill's `<d-code block>` becomes a fenced block, `{% details %}` a `<details>` box (syntax/distill.ts). */
  private distillBlock(i: number, line: string): number {
    const code = readDistillCode(this.lines, i)
    if (code) {
      this.flushPara()
      const start = this.out.length
      this.emit('```' + code.language)
      if (code.body.length > 0) this.emit(this.stash.put(code.body.join('\n')))
      this.emit('```')
      this.setLast('code', start, this.out.length - 1)
      return code.next
    }
    const summary = detailsOpening(line)
    if (summary !== null && this.lastLineMatching(DETAILS_CLOSE) > i) {
      this.flushPara()
      this.openDetails++
      for (const html of detailsOpeningHtml(summary)) this.emit(html)
      return i + 1
    }
    if (this.openDetails > 0 && DETAILS_CLOSE.test(line)) {
      this.flushPara()
      this.openDetails--
      for (const html of DETAILS_CLOSING_HTML) this.emit(html)
      return i + 1
    }
    return -1
  }

  /** `{% highlight lang %}` becomes a fenced block; `{% comment %}` blocks disappear. */
  private liquidBlock(i: number, line: string): number {
    const highlight = LIQUID_HIGHLIGHT.exec(line)
    const endPattern = highlight ? LIQUID_END_HIGHLIGHT : LIQUID_COMMENT.test(line) ? LIQUID_END_COMMENT : null
    if (!endPattern) return -1
    // Unclosed: the tag alone is removed, like any other Liquid tag in prose.
    if (this.lastLineMatching(endPattern) <= i) return -1
    let j = i + 1
    while (!endPattern.test(this.lines[j].trim())) j++
    this.flushPara()
    if (highlight) {
      const body = this.lines.slice(i + 1, j)
      const longest = Math.max(2, ...body.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))))
      const fence = '`'.repeat(longest + 1)
      const start = this.out.length
      this.emit(fence + highlight[1])
      for (const l of body) this.emit(l)
      this.emit(fence)
      this.setLast('code', start, this.out.length - 1)
    }
    return j + 1
  }

  /** Index of the last line that matches `pattern` (trimmed), or -1; computed once per pattern. */
  private lastLineMatching(pattern: RegExp): number {
    let last = this.lastMatches.get(pattern)
    if (last === undefined) {
      last = -1
      for (let j = this.lines.length - 1; j >= 0 && last < 0; j--) if (pattern.test(this.lines[j].trim())) last = j
      this.lastMatches.set(pattern, last)
    }
    return last
  }

  private blockDirective(kind: string, value: string): void {
    if (kind === 'label') this.attachLabel(value)
    else if (kind === 'eqlabel' && this.last.kind === 'math') this.tagLastEquation(value)
  }

  /** A d2l `:label:` names the block above it: a heading, a figure, a table or an equation. */
  private attachLabel(key: string): void {
    // Labels are identifiers (`sec_intro`, `fig:x`); anything else cannot be an anchor.
    if (this.dropping || !SIMPLE_ID.test(key)) return
    const last = this.last
    if (last.kind === 'heading') {
      this.labelHeading(last.start, key)
      this.labels.addAnchor(key, 'section', last.title)
      return
    }
    if (last.kind === 'math') {
      this.tagLastEquation(key)
      return
    }
    if (last.kind === 'paragraph') {
      const lastLine = this.out[last.end]
      if (last.end > last.start && SETEXT_UNDERLINE.test(lastLine)) {
        this.labelHeading(last.end - 1, key)
        this.labels.addAnchor(key, 'section', this.out.slice(last.start, last.end).join(' ').trim())
        return
      }
      if (!lastLine.trimStart().startsWith('|')) {
        this.out[last.end] = `${lastLine} ${anchorHtml(key)}`
        const figure = this.out[last.start].trimStart().startsWith('![') || /^fig/.test(key)
        this.labels.addAnchor(key, figure ? 'figure' : /^tab/.test(key) ? 'table' : 'anchor')
        return
      }
    }
    this.emit('')
    this.emit(anchorHtml(key))
    this.emit('')
    this.labels.addAnchor(key, last.kind === 'paragraph' || /^tab/.test(key) ? 'table' : anchorKind(key))
  }

  private labelHeading(index: number, key: string): void {
    this.out[index] = `${this.out[index].trimEnd()} {#${key}}`
  }

  private tagLastEquation(key: string): void {
    const entry = this.last.tex
    if (this.dropping || entry === undefined) return
    this.stash.entries[entry] = tagDisplay(this.stash.entries[entry], key, this.labels)
  }

  private openDiv(spec: string): void {
    let k = this.out.length - 1
    while (k >= 0 && this.out[k].trim() === '') k--
    const lastText = k >= 0 ? this.out[k] : ''
    // A div right under a footnote definition belongs to the footnote: indent it into it.
    const footnote = FOOTNOTE_DEFINITION.test(lastText) || this.divs.some((d) => d.footnote)
    this.divs.push({ footnote })
    if (footnote) {
      this.prefix = '    '
      this.emit('')
      return
    }
    this.emit('')
    this.emit(`<div class="${divClassName(spec)}">`)
    this.emit('')
  }

  private closeDiv(): void {
    const div = this.divs.pop()
    if (div?.footnote) {
      this.prefix = this.divs.some((d) => d.footnote) ? '    ' : ''
      this.emit('')
      return
    }
    this.emit('')
    this.emit('</div>')
    this.emit('')
    this.setLast('div', this.out.length - 2, this.out.length - 2)
  }

  private flushPara(): void {
    if (this.para.length === 0) return
    // Quarto's labelled figures (`![Caption](plot.png){#fig-plot}`) are read in the tree: dialects/pandoc.
    const text = this.para.join('\n')
    const indent = contentIndent(this.para[0])
    this.para = []
    const rewritten = rewriteInline(text, this.ctx, indent)
    const start = this.out.length
    for (const line of rewritten.split('\n')) this.emit(line)
    this.setLast('paragraph', start, this.out.length - 1)
  }

  private emit(line: string): void {
    if (this.dropping) return
    this.out.push(line === '' || this.prefix === '' ? line : this.prefix + line)
  }

  private setLast(kind: BlockKind, start: number, end: number, title?: string, tex?: number): void {
    if (this.dropping || end < start) return
    this.last = { kind, start, end, title, tex }
  }
}

/** Leading columns, with tabs to the next multiple of four as CommonMark counts them. */
function columns(line: string): number {
  let col = 0
  for (const ch of line) {
    if (ch === ' ') col++
    else if (ch === '\t') col += 4 - (col % 4)
    else break
  }
  return col
}

/** Where the text of a paragraph's first line starts, list marker included. */
function contentIndent(line: string): string {
  const item = LIST_ITEM.exec(line)
  if (item) return ' '.repeat(item[1].length + item[2].length + Math.max(1, Math.min(item[3].length, 4)))
  return /^[ \t]*/.exec(line)?.[0] ?? ''
}

function dedent(line: string, width: number): string {
  let k = 0
  while (k < width && line[k] === ' ') k++
  return line.slice(k)
}

function isClosingFence(line: string, char: string, length: number): boolean {
  const trimmed = line.trim()
  if (trimmed.length < length || trimmed[0] !== char) return false
  for (let k = 0; k < trimmed.length; k++) if (trimmed[k] !== char) return false
  return true
}

function headingTitle(line: string): string {
  return (
    line
      .replace(/^ {0,3}#{1,6}[ \t]*/, '')
      // Only from the start of a run of blanks: from every blank, it was quadratic on long lines.
      .replace(/(?<![ \t])[ \t]+#+[ \t]*$/, '')
      .trim()
  )
}

/** An empty anchor for a label; `key` is a SIMPLE_ID, so it needs no escaping. */
function anchorHtml(key: string): string {
  return `<a id="${key}"></a>`
}

function anchorKind(key: string): Anchor['kind'] {
  if (/^fig/.test(key)) return 'figure'
  if (/^tab/.test(key)) return 'table'
  return 'anchor'
}
