import { bracketCitation, distillCitation, narrativeCitation, type CitationScope } from './citations.js'
import { renderInlineRole } from './d2l.js'
import { fillTemplateCall } from './franklin.js'
import { renderLiquidTag } from './liquid/index.js'
import { liquidOutput } from './liquid/output.js'
import { quartoBracket, quartoReference } from '../dialects/pandoc/cross-reference-syntax.js'
import { renderShortcode } from '../dialects/pandoc/shortcodes.js'
import './liquid/all-tags.js'
import type { LabelRegistry } from './labels.js'
import { placeholder } from './placeholders.js'
import type { Stash } from './stash.js'
import { rewriteTex } from './tex.js'

/** Per-document state the inline rewriter writes to. */
export interface InlineContext {
  labels: LabelRegistry
  stash: Stash
  /** Page variables from the essay's metadata, for `{{name}}` template calls. */
  variables: ReadonlyMap<string, string>
  /** All of the page's metadata as text (front matter included), for Quarto's `{{< meta >}}`. */
  metadata: ReadonlyMap<string, string>
  /** The page is d2l-book markdown, whose `[**…**]` and `(~~…~~)` mark slide content. */
  d2l: boolean
  /** What tells a citation (`[@a]`, `@a`) from a link or a handle; without it only unambiguous forms are read. */
  citations?: CitationScope
}

/**
 * Everything inside a paragraph that the rewriter acts on, found in one left-to-right scan.
 * Code spans are matched exactly as micromark does (a closing run of the same length, no
 * escapes inside), so code stays code.
 */
const TOKEN =
  /`+|\$+|\\[()[\]]|\\(?:label|eqref|ref|toc|tableofcontents|figalt|fig)(?![A-Za-z])|\{\{|\{%|~~~|:(?:numref|ref|eqref|cite|citet|citep|label|eqlabel|width|height):`|[ \t]\\\\[ \t]*(?=\n|$)|[[(](?:\*\*|~~)|\[(?=[^[\]]{0,300}?@)|(?<![^\s(])@(?=[A-Za-z0-9_{])|<d-(?:cite|bibliography)\b/g

/** An HTML element whose text MathJax never reads (its `skipHtmlTags`), opening or closing. */
const CODE_TAG = /<\/?(?:code|pre|script|style|textarea)\b/i
/** Heuristic for `\[ … \]`: a real formula, not escaped brackets such as `\[citation\]`. */
const LOOKS_LIKE_TEX = /[\\^_={}]/
/** Command arguments (`\fig{…}`, `\eqref{…}`) are short; a longer search is a stray brace. */
const MAX_ARGUMENT_LENGTH = 2000

/**
 * Rewrites the prose of one paragraph (or heading): formulas (`$…$`, `\(…\)`, `\[…\]`) are
 * stashed with their labels and references made KaTeX-ready, references in prose become
 * placeholders, and site syntax (Liquid/Franklin templates, d2l roles, `~~~` inline HTML) is
 * rendered or removed. Code spans are left untouched.
 */
export function rewriteInline(text: string, ctx: InlineContext, indent: string): string {
  return new InlineScanner(text, ctx, indent).run()
}

interface Handled {
  text: string
  end: number
}

class InlineScanner {
  /** Searches that found nothing, by what was sought: from that position on there is none. */
  private readonly misses = new Map<string, number>()

  constructor(
    private readonly text: string,
    private readonly ctx: InlineContext,
    private readonly indent: string,
  ) {}

  run(): string {
    const text = this.text
    const token = new RegExp(TOKEN.source, 'g')
    let out = ''
    let pos = 0
    for (let m = token.exec(text); m !== null; m = token.exec(text)) {
      const start = m.index
      out += text.slice(pos, start)
      if (isEscaped(text, start) && m[0][0] !== ' ' && m[0][0] !== '\t') {
        // A backslash-escaped opener is literal; what follows it is scanned again.
        out += m[0][0]
        pos = start + 1
      } else {
        const handled = this.token(start, m[0])
        out += handled ? handled.text : m[0]
        pos = handled ? handled.end : start + m[0].length
      }
      token.lastIndex = pos
    }
    return out + text.slice(pos)
  }

  private token(start: number, token: string): Handled | null {
    const text = this.text
    const after = start + token.length
    const c = token[0]
    if (c === '`') {
      const close = this.findRun('`', token.length, after, false)
      return close < 0 ? null : { text: text.slice(start, close + token.length), end: close + token.length }
    }
    if (c === '$') {
      // As MathJax reads it: `\$` inside a formula is a dollar sign, not the end of the formula.
      const close = this.balancedClose(token.length, after, this.findRun('$', token.length, after, true))
      // No formula (pandoc and MathJax alike: an escaped `\$` never closes one), so the dollars are
      // text; escaped when a `\$` follows, which remark-math would otherwise take for the closer.
      if (close < 0)
        return this.findRun('$', token.length, after, false) < 0 ? null : { text: escapeDollars(token), end: after }
      // MathJax skips code elements: a formula never opens or closes inside one (`"_$$_" … <code>„$$f“`);
      // the dollars are escaped, or remark-math would pair them all the same.
      if (CODE_TAG.test(text.slice(after, close))) return { text: escapeDollars(token), end: after }
      const tex = rewriteTex(text.slice(after, close), false, this.ctx.labels)
      // `$$…$$` inside a sentence: LaTeX sets it in display style, so the line keeps its size
      // (a sum with its limits above and below) while the sentence goes on around it.
      if (token === '$$' && tex.trim() !== '')
        return { text: '$' + this.ctx.stash.put(`\\displaystyle ${tex.trim()}`) + '$', end: close + token.length }
      return { text: token + this.ctx.stash.put(tex) + token, end: close + token.length }
    }
    if (c === ':') return this.role(start, token)
    // Citations (syntax/citations.ts): `[…@key…]`, a bare `@key`, distill's `<d-cite>`.
    if (token === '[') return quartoBracket(text, start) ?? bracketCitation(text, start, this.ctx.citations)
    if (c === '@') return quartoReference(text, start) ?? narrativeCitation(text, start, this.ctx.citations)
    if (c === '<') return distillCitation(text, start)
    if (c === '[' || c === '(') return this.ctx.d2l ? this.slideMark(start, token) : null
    if (c === '{') return this.template(start, token)
    if (c === '~') {
      // Franklin inline raw HTML: ~~~<b>x</b>~~~ is just <b>x</b>.
      const close = this.find('~~~', after)
      return close < 0 ? null : { text: text.slice(after, close), end: close + 3 }
    }
    if (c === ' ' || c === '\t') {
      // Franklin's `\\` line break at the end of a line.
      return { text: '', end: after }
    }
    switch (token) {
      case '\\(':
        return this.delimitedTex(after, '\\)', false)
      case '\\[':
        return this.delimitedTex(after, '\\]', true)
      case '\\toc':
      case '\\tableofcontents':
        return { text: '', end: after }
      case '\\label':
        return this.command(after, 1, () => '')
      case '\\eqref':
        return this.command(after, 1, ([key]) => placeholder('eqref', key.trim()))
      case '\\ref':
        return this.command(after, 1, ([key]) => placeholder('ref', key.trim()))
      case '\\fig':
        return this.command(after, 1, ([src]) => `![](${src.trim()})`)
      case '\\figalt':
        return this.command(after, 2, ([alt, src]) => `![${alt.replace(/[[\]]/g, '')}](${src.trim()})`)
    }
    return null
  }

  private delimitedTex(from: number, closer: string, display: boolean): Handled | null {
    let close = this.find(closer, from)
    while (close >= 0 && isEscaped(this.text, close)) close = this.find(closer, close + 1)
    if (close < 0) return null
    const raw = this.text.slice(from, close)
    const end = close + closer.length
    if (raw.trim() === '') return null
    const { labels, stash } = this.ctx
    if (!display) return { text: '$' + stash.put(rewriteTex(raw, false, labels)) + '$', end }
    if (!LOOKS_LIKE_TEX.test(raw)) return null
    const marker = stash.put(rewriteTex(raw, true, labels).trim())
    // A display formula is a block of its own, even in the middle of a paragraph.
    const indent = this.indent
    const block = `\n${indent}$$\n${indent}${marker}\n${indent}$$\n`
    let next = end
    while (this.text[next] === ' ' || this.text[next] === '\t') next++
    if (next >= this.text.length || this.text[next] === '\n') return { text: block.slice(0, -1), end: next }
    return { text: block + indent, end: next }
  }

  /**
   * d2l-book marks what its slides show: `[**text**]` and `(**text**)` are just `text` in the
   * book, `[~~text~~]` and `(~~text~~)` are slide-only and left out. `[**a**](url)` is a link.
   */
  private slideMark(start: number, token: string): Handled | null {
    const closer = token[1] + token[2] + (token[0] === '[' ? ']' : ')')
    const close = this.find(closer, start + 3)
    if (close < 0) return null
    if (closer === '**]' && this.text[close + 3] === '(') return null
    if (token[1] === '~') return { text: '', end: close + 3 }
    const inner = new InlineScanner(this.text.slice(start + 3, close), this.ctx, this.indent).run()
    return { text: inner, end: close + 3 }
  }

  private role(start: number, token: string): Handled | null {
    const name = token.slice(1, token.indexOf(':', 1))
    const argStart = start + token.length
    const close = this.find('`', argStart)
    if (close < 0) return null
    const rendered = renderInlineRole(name, this.text.slice(argStart, close))
    return rendered === null ? null : { text: rendered, end: close + 1 }
  }

  /** Liquid `{% … %}` tags are removed; `{{ … }}` calls are filled from page variables or removed. */
  private template(start: number, token: string): Handled | null {
    const closer = token === '{{' ? '}}' : '%}'
    const close = this.find(closer, start + 2)
    if (close < 0) return null
    const inner = this.text.slice(start + 2, close)
    if (token === '{%') {
      if (/^-?\s*comment\s*-?$/.test(inner)) {
        const end = this.findPattern(/\{%-?\s*endcomment\s*-?%\}/g, close)
        if (end) return { text: '', end: end.index + end[0].length }
      }
      return { text: renderLiquidTag(inner, this.ctx), end: close + 2 }
    }
    // Shortcodes (`{{< video url >}}`): dialects/pandoc/shortcodes.ts, which other dialects extend.
    const shortcode = renderShortcode(inner, this.ctx.metadata)
    if (shortcode !== null) return { text: shortcode, end: close + 2 }
    // `{{` inside TeX-like braces (`{{\sum_j}}`) is not a template call; a Hugo shortcode
    // (`{{< figure >}}`, `{{% callout %}}`) is read from the tree (dialects/hugo).
    if (inner.includes('{') || inner.includes('\n') || inner.startsWith('\\') || /^[<%]/.test(inner)) return null
    return { text: liquidOutput(inner) ?? fillTemplateCall(inner, this.ctx.variables), end: close + 2 }
  }

  /** Reads `count` brace groups after a command: `\figalt{alt}{src}`. */
  private command(from: number, count: number, render: (args: string[]) => string): Handled | null {
    const text = this.text
    const args: string[] = []
    let p = from
    for (let k = 0; k < count; k++) {
      while (text[p] === ' ') p++
      if (text[p] !== '{') return null
      const close = matchingBrace(text, p)
      if (close < 0) return null
      args.push(text.slice(p + 1, close))
      p = close + 1
    }
    return { text: render(args), end: p }
  }

  /** `indexOf`, remembering failures so that many unclosed openers stay linear, not quadratic. */
  private find(needle: string, from: number): number {
    if ((this.misses.get(needle) ?? Infinity) <= from) return -1
    const at = this.text.indexOf(needle, from)
    if (at < 0) this.misses.set(needle, from)
    return at
  }

  /** The next match of `pattern` (global) at or after `from`, with the same memory of failures. */
  private findPattern(pattern: RegExp, from: number): RegExpExecArray | null {
    const key = pattern.source
    if ((this.misses.get(key) ?? Infinity) <= from) return null
    pattern.lastIndex = from
    const m = pattern.exec(this.text)
    if (!m) this.misses.set(key, from)
    return m
  }

  /**
   * MathJax's rule for a formula's end: a `$` inside braces does not close it, so that
   * `$F = \{f : \text{$f$ is smooth}\}$` is one formula (KaTeX reads the `$…$` inside `\text`).
   * The first dollar run whose formula balances its braces, within a few; else the first.
   */
  private balancedClose(length: number, after: number, first: number): number {
    let close = first
    for (let k = 0; close >= 0 && k < 6 && openBraces(this.text, after, close) > 0; k++) {
      close = this.findRun('$', length, close + length, true)
      if (close >= 0 && openBraces(this.text, after, close) === 0) return close
    }
    return first
  }

  /**
   * Position of the next run of exactly `length` `char`s at or after `from`, or -1; with
   * `escapes`, a run right after an odd number of backslashes does not count.
   */
  private findRun(char: string, length: number, from: number, escapes: boolean): number {
    const key = `${char}${length}${escapes}`
    if ((this.misses.get(key) ?? Infinity) <= from) return -1
    const text = this.text
    let p = text.indexOf(char, from)
    while (p >= 0) {
      let q = p
      while (text[q] === char) q++
      if (escapes && isEscaped(text, p)) p++
      if (q - p === length) return p
      p = text.indexOf(char, q)
    }
    this.misses.set(key, from)
    return -1
  }
}

function matchingBrace(text: string, open: number): number {
  let depth = 0
  const limit = Math.min(text.length, open + MAX_ARGUMENT_LENGTH)
  for (let p = open; p < limit; p++) {
    const ch = text[p]
    if (ch === '\\') p++
    else if (ch === '{') depth++
    else if (ch === '}' && --depth === 0) return p
  }
  return -1
}

/** `{` less `}` in text[from, to), escaped ones (`\{`) not counted; a paragraph's worth at most. */
function openBraces(text: string, from: number, to: number): number {
  let depth = 0
  for (let i = from; i < Math.min(to, from + 2000); i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === '{') depth++
    else if (c === '}') depth--
  }
  return depth
}

function escapeDollars(token: string): string {
  return token.replace(/\$/g, '\\$')
}

function isEscaped(text: string, index: number): boolean {
  let n = 0
  for (let p = index - 1; p >= 0 && text[p] === '\\'; p--) n++
  return n % 2 === 1
}
