import type { Heading, Paragraph, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { Processor } from 'unified'
import { visit } from 'unist-util-visit'
import remarkLeanAutolinks from '../../markdown/plugins/remark-lean-autolinks.js'
import { isPartHeading } from '../../markdown/dialects/knitr/parts.js'
import { plainText, removeDelimited } from './mdast-plain-text.js'
import { collapseWhitespace } from '../../text/plain-text.js'
import { isEditorialNote } from '../../shared/editorial-note.js'
import { isMystMarkerLine } from '../../markdown/dialects/myst/index.js'

/**
 * micromark resolves emphasis in time quadratic in the number of `*`/`_` runs in a
 * paragraph (a line of 24,000 of them takes seconds). Titles and excerpts only need the text,
 * so emphasis parsing is switched off and the markers are dropped from the text afterwards.
 */
function withoutEmphasis(this: Processor): void {
  const data = this.data()
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { disable: { null: ['attention'] } }]
}

// Nor are autolink literals parsed: a link's text is the address it links.
const parser = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkLeanAutolinks, { none: true })
  .use(remarkMath)
  .use(withoutEmphasis)

/** What the importer needs from the body's markdown structure. */
export interface BodyScan {
  /** The first level-1 heading, as plain text, with where it sits in the body. */
  heading: { text: string; start: number; end: number; leading: boolean } | null
  /** The first paragraph of prose, as plain text (not yet shortened); '' when there is none. */
  firstParagraph: string
}

/** Blocks a reader sees as content; anything before the first of them is "leading". */
const CONTENT_BLOCKS = new Set(['paragraph', 'heading', 'list', 'blockquote', 'table'])

/**
 * Essays run to 150 kB and a full markdown parse of that is slow, while the title heading and
 * the first paragraph are nearly always near the top; so growing prefixes are parsed first.
 */
const PREFIX_SIZES = [2_000, 12_000]

/**
 * Nothing past this point is searched: parsing time grows faster than linearly on some
 * hostile inputs (long runs of unmatched brackets or backticks), and a title or first
 * paragraph that far down is not a title or first paragraph.
 */
const MAX_SCAN_CHARS = 120_000
const MAX_DEFINITION_CHARS = 50_000

/**
 * Finds the body's title heading and first prose paragraph. `haveTitle` says the frontmatter
 * already names the title, so a heading only matters if it is the very first content.
 * `wantParagraph` false: the caller reads the first paragraph elsewhere (the import, from the
 * rendered essay's one reading), so only as much of the body is parsed as the heading needs,
 * and none of it when the body holds no level-1 heading at all.
 */
export function scanBody(body: string, haveTitle = false, wantParagraph = true): BodyScan {
  if (!wantParagraph && haveTitle && !H1_SYNTAX.test(body.slice(0, MAX_SCAN_CHARS)))
    return { heading: null, firstParagraph: '' }
  const masked = maskFranklinInlineHtml(body)
  // For the heading alone, the body up to the blank line after the first line that may be one
  // is enough when it is one (nearly always the first line): no earlier line can be.
  const firstH1 = wantParagraph ? null : H1_SYNTAX.exec(masked.slice(0, PREFIX_SIZES[0]))
  const sizes = firstH1 ? [firstH1.index + 1, ...PREFIX_SIZES] : PREFIX_SIZES
  for (const size of sizes) {
    const prefix = prefixOf(masked, size, true)
    if (prefix === null) break
    const root = parser.parse(prefix.text) as Root
    const heading = findHeading(root, prefix.shift)
    const firstParagraph = wantParagraph ? findTopLevelProse(root) : ''
    const headingSettled = heading !== null || (haveTitle && root.children.some((node) => isContent(node)))
    if ((firstParagraph || !wantParagraph) && headingSettled) return { heading, firstParagraph }
  }
  const limited = prefixOf(masked, MAX_SCAN_CHARS, false)
  const root = parser.parse(limited?.text ?? masked) as Root
  return {
    heading: findHeading(root, limited?.shift ?? 0),
    firstParagraph: wantParagraph ? findFirstParagraph(root) : '',
  }
}

/**
 * A line that may make a level-1 heading: an ATX `#`, or a setext `===` underline. Anything
 * else cannot, so a body without one has no title heading to find (a match may still be code).
 */
const H1_SYNTAX = /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)/m

/**
 * The start of the body, preceded by the reference and footnote definitions from the rest
 * (they change how earlier text reads; placed first, they cannot end up inside a code fence
 * left open at the cut). Cut at a blank line, the prefix parses exactly as it would in the
 * whole, because block structure before a blank line never depends on what follows it; when
 * `exact` is false and there is no blank line, it is cut at a line end instead. `shift` is
 * how far the definitions move the body's text. Null when the body is short enough to parse
 * whole (or, with `exact`, has no blank line to cut at within MAX_SCAN_CHARS).
 */
function prefixOf(body: string, size: number, exact: boolean): { text: string; shift: number } | null {
  if (body.length <= size * 1.5) return null
  let cut = body.indexOf('\n\n', size)
  // An exact cut further on than planned still parses less than the whole body would (the
  // alternative, for a long paragraph or code block at the cut: d2l's MLP chapter, 24 kB), as
  // long as it is within what a scan ever parses.
  if (cut < 0 || cut > MAX_SCAN_CHARS || (!exact && cut > size * 1.5)) {
    if (exact) return null
    const lineEnd = body.indexOf('\n', size)
    cut = lineEnd < 0 || lineEnd > size * 1.5 ? size : lineEnd
  }
  const definitions: string[] = []
  let definitionChars = 0
  for (const match of body.slice(cut).matchAll(/^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm)) {
    definitionChars += match[0].length + 1
    if (definitionChars > MAX_DEFINITION_CHARS) break
    definitions.push(match[0])
  }
  const head = definitions.length ? `${definitions.join('\n')}\n\n` : ''
  return { text: head + body.slice(0, cut), shift: head.length }
}

/**
 * Franklin wraps raw HTML in `~~~…~~~` on a single line. To CommonMark a line starting with
 * `~~~` opens a code fence that swallows the rest of the file, so the markers are blanked
 * out (same length, so positions still match the body).
 */
function maskFranklinInlineHtml(body: string): string {
  if (!body.includes('~~~')) return body
  return body
    .split('\n')
    .map((line) => {
      const first = line.indexOf('~~~')
      if (first < 0 || line.indexOf('~~~', first + 3) < 0 || !line.replace(/~/g, '').trim()) return line
      return line.replace(/~~~/g, '   ')
    })
    .join('\n')
}

const HEADING_ATTRIBUTES = /\s*\{(?:[#.-][^{}]*|[\w-]+=[^{}]*)\}\s*$/

/** A heading's words without pandoc's attributes after them (`# Introduction {#intro}`, `{-}`). */
export function withoutHeadingAttributes(text: string): string {
  return text.replace(HEADING_ATTRIBUTES, '')
}

function findHeading(root: Root, shift = 0): BodyScan['heading'] {
  let found: Heading | null = null
  visit(root, 'heading', (node) => {
    if (node.depth !== 1 || isPartHeading(node)) return undefined
    found = node
    return false
  })
  const heading = found as Heading | null
  if (!heading?.position) return null
  const start = (heading.position.start.offset ?? 0) - shift
  const end = (heading.position.end.offset ?? 0) - shift
  const index = root.children.indexOf(heading)
  const leading = index >= 0 && !root.children.slice(0, index).some((node) => isContent(node))
  // Pandoc's attributes (`# Introduction {#intro}`, bookdown's `{-}`) belong to the heading, not its words.
  const text = withoutHeadingAttributes(plainText(heading.children))
  return { text, start, end, leading }
}

function isContent(node: RootContent): boolean {
  if (!CONTENT_BLOCKS.has(node.type)) return false
  // bookdown's `# (PART) …` divides the book: the chapter's title may still follow it.
  if (node.type === 'heading' && isPartHeading(node)) return false
  if (node.type !== 'paragraph') return true
  if (paragraphText(node) === '') return false
  // MyST's block breaks and `(label)=` targets before a page's title mark it; they say nothing.
  const lines = node.children.map((child) => ('value' in child ? child.value : '\0')).join('')
  return !lines.split('\n').every(isMystMarkerLine)
}

/** The first top-level paragraph that reads as prose, or ''. */
function findTopLevelProse(root: Root): string {
  const blocks = root.children
  for (let i = 0; i < blocks.length; i++) {
    const node = blocks[i]
    if (node.type !== 'paragraph') continue
    const text = paragraphText(node)
    if (!text || isEditorialNote(text)) continue
    if (isProse(text)) return text
    const continued = sentenceAroundDisplayMath(text, blocks[i + 1], blocks[i + 2])
    if (continued) return continued
  }
  return ''
}

/**
 * Mathematical writing often breaks one sentence around a display formula ("Let" / $$…$$ /
 * "be a linear model with…"). A fragment like "Theorem: Let" is no excerpt on its own, so the
 * sentence is put back together, the formula written inline.
 */
function sentenceAroundDisplayMath(text: string, math: RootContent | undefined, rest: RootContent | undefined): string {
  if (math?.type !== 'math' || rest?.type !== 'paragraph' || /[.!?]$/.test(text)) return ''
  const continuation = paragraphText(rest)
  if (!/^\p{Ll}/u.test(continuation)) return ''
  const tex = collapseWhitespace(math.value.replace(/\\(?:label|tag)\{[^{}]*\}/g, ' '))
  const sentence = tex ? `${text} $${tex}$ ${continuation}` : `${text} ${continuation}`
  return isProse(sentence) ? sentence : ''
}

/**
 * The first top-level paragraph that reads as prose; failing that, the first one anywhere
 * (lists, quotes) that does; failing that, the first non-empty one.
 */
function findFirstParagraph(root: Root): string {
  const topLevel = findTopLevelProse(root)
  if (topLevel) return topLevel
  let nested = ''
  let fallback = ''
  visit(root, 'paragraph', (node) => {
    const text = paragraphText(node)
    if (!text) return undefined
    fallback ||= text
    if (!isProse(text)) return undefined
    nested = text
    return false
  })
  return nested || fallback
}

/** Plain text of a paragraph, or '' for one that is only math, a command, a directive or markup. */
function paragraphText(node: Paragraph): string {
  const onlyMath = node.children.every(
    (child) => child.type === 'inlineMath' || child.type === 'break' || (child.type === 'text' && !child.value.trim()),
  )
  if (onlyMath) return ''
  const text = plainText(node.children, (raw) =>
    removeDelimited(removeDelimited(raw, '{%', '%}'), '{{', '}}')
      .replace(/(^|\s)@@[\w-]*/g, '$1')
      .replace(/~~+/g, ' '),
  )
  if (!text) return ''
  // Franklin commands on their own (\toc, \fig{…}) and display math written as \[…\] or $$…$$.
  if (/^(?:\\[A-Za-z]+(?:\{[^{}]*\})*\s*)+$/.test(text)) return ''
  if (/^(?:\\\[|\\begin\{|\$\$)/.test(text)) return ''
  return text
}

function isProse(text: string): boolean {
  const words = text.split(' ').filter((word) => /\p{L}/u.test(word)).length
  const cjk = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []).length
  return words >= 4 || cjk >= 8
}
