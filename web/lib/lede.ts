import { isAttribution, isByline } from '../../src/shared/byline.js'
import { texToText } from '../../src/markdown/tex-to-text.js'

/**
 * Whether the excerpt under a post's title says anything the essay does not say right below it.
 * Most essays have no description, so their excerpt is the first paragraph, shortened: shown as
 * a lede, the reader reads the same sentences twice.
 *
 * A pure function of the post's fields (no DOM), so the server and the hydrating client agree.
 */

/** Quotations (an epigraph, a credit): the excerpt passes over them for the essay's own words. */
const QUOTES = /<blockquote[\s>][^]*?<\/blockquote>/g

/** How many paragraphs to look through for the first one that reads as prose. */
const MAX_PARAGRAPHS = 8
/**
 * How many paragraphs of prose a lede may repeat: a description copied from the second
 * paragraph, under a first that is a note ("This post has been updated…"), is read twice too.
 */
const PROSE_PARAGRAPHS = 3

/**
 * True when `excerpt` is the start of the essay's first prose paragraph in `html`, or that
 * paragraph carried on through the display formula after it, as the excerpt carries a sentence
 * of mathematics on (src/markdown/reading-excerpt.ts: "The model" / formula / "can be
 * rewritten as…"). An excerpt that only begins with the opening says more when no formula
 * follows the opening: a description that goes on.
 */
export function ledeRepeatsOpening(excerpt: string, html: string): boolean {
  const lede = comparable(excerpt)
  if (!lede) return false
  // As the excerpt does: a paragraph of the essay's own first, one in a quote only failing that.
  const own = html.replace(QUOTES, '')
  return repeats(lede, own) ?? repeats(lede, html) ?? listRepeats(lede, own)
}

/**
 * For an essay without a paragraph of prose, whose excerpt is its first list read whole (a
 * chapter's contents, src/markdown/reading-excerpt.ts): whether `lede` is that list again.
 */
function listRepeats(lede: string, html: string): boolean {
  const list = /<(ul|ol)(?:\s[^>]*)?>([^]*?)<\/\1>/.exec(html)
  return list !== null && comparable(textOf(list[2])).startsWith(lede)
}

/**
 * Whether `lede` repeats the opening of `html`: any of its first paragraphs, however short one
 * that a display formula breaks ("Theorem: Let" / formula / "be…"), up to the third with four
 * words or more (see PROSE_PARAGRAPHS). Null when there is no paragraph of prose.
 */
function repeats(lede: string, html: string): boolean | null {
  let seen = 0
  let prose = 0
  for (const m of html.matchAll(/<p(?:\s[^>]*)?>([^]*?)<\/p>/g)) {
    if (++seen > MAX_PARAGRAPHS) break
    if (isBylineHtml(m[1])) continue
    const text = textOf(m[1])
    if (isAttribution(text.replace(/\s+/g, ' '))) continue
    const opening = comparable(text)
    if (!opening) continue
    const broken = displayFollows(html, m.index + m[0].length)
    if (opening.startsWith(lede) || (broken && lede.startsWith(opening))) return true
    if (text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 4 && ++prose === PROSE_PARAGRAPHS)
      return false
  }
  return prose > 0 ? false : null
}

/** Whether what comes right after `end`, before the next paragraph or other block, is a display formula. */
function displayFollows(html: string, end: number): boolean {
  const next = html.slice(end).search(/<(?:p|h[1-6]|ul|ol|pre|table|figure|blockquote|section|div)[\s>]/)
  const between = next < 0 ? html.slice(end) : html.slice(end, end + next)
  return between.includes('class="katex-display"')
}

/** A paragraph of bold names and their affiliations, which the excerpt skips too, as it does an attribution line (src/shared/byline.ts). */
function isBylineHtml(fragment: string): boolean {
  const names: string[] = []
  const rest = fragment.replace(/<strong>([^<]*)<\/strong>/g, (_, name: string) => {
    names.push(textOf(name))
    return ' '
  })
  return isByline(names, textOf(rest))
}

function textOf(fragment: string): string {
  return decoded(
    withoutKatexHtml(fragment)
      .replace(/<sup>\s*<a [^>]*data-footnote-ref[^]*?<\/sup>/g, '')
      // a formula as the excerpt writes it: its TeX read as text (KaTeX's own glyphs come in
      // another order: a fraction's denominator before its numerator)
      .replace(
        /<span class="katex-mathml">[^]*?<annotation encoding="application\/x-tex">([^]*?)<\/annotation>[^]*?<\/math><\/span>/g,
        (_, tex: string) => ` ${texToText(decoded(tex))} `,
      )
      .replace(/<span class="katex-mathml">[^]*?<\/math><\/span>/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
}

function decoded(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(?:amp|lt|gt|quot|nbsp);/g, (entity) => ENTITIES[entity])
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&nbsp;': ' ' }

/** `html` without KaTeX's visual markup (`span.katex-html`, spans within spans), which the MathML beside it says. */
function withoutKatexHtml(html: string): string {
  let out = ''
  let from = 0
  for (
    let at = html.indexOf('<span class="katex-html"', from);
    at >= 0;
    at = html.indexOf('<span class="katex-html"', from)
  ) {
    out += html.slice(from, at)
    let depth = 0
    const tags = /<span[\s>]|<\/span>/g
    tags.lastIndex = at
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</span>' ? -1 : 1
      if (depth === 0) break
    }
    from = depth === 0 ? tags.lastIndex : html.length
  }
  return out + html.slice(from)
}

/**
 * Letters and digits only, in compatibility form: the excerpt writes formulas as text (`yₙ`,
 * "x - 1") where the page shows KaTeX ("yn", "x−1"), and ends with an ellipsis where it was cut.
 */
function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}
