import { isAttribution, isByline } from '../../src/shared/byline.js'

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

/** True when `excerpt` is the start of the essay's first prose paragraph in `html`. */
export function ledeRepeatsOpening(excerpt: string, html: string): boolean {
  const lede = comparable(excerpt)
  if (!lede) return false
  // As the excerpt does: a paragraph of the essay's own first, one in a quote only failing that.
  const opening = firstProseParagraph(html.replace(QUOTES, '')) || firstProseParagraph(html)
  return opening !== '' && comparable(opening).startsWith(lede)
}

/**
 * The text of the first `<p>` with four words or more, read the way the excerpt was made (from
 * the essay's one reading): citations as their marks, no footnote marks or formula source.
 */
function firstProseParagraph(html: string): string {
  let seen = 0
  for (const m of html.matchAll(/<p(?:\s[^>]*)?>([^]*?)<\/p>/g)) {
    if (++seen > MAX_PARAGRAPHS) break
    if (isBylineHtml(m[1])) continue
    const text = textOf(m[1])
    if (isAttribution(text.replace(/\s+/g, ' '))) continue
    if (text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 4) return text
  }
  return ''
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
  return fragment
    .replace(/<sup>\s*<a [^>]*data-footnote-ref[^]*?<\/sup>/g, '')
    .replace(/<span class="katex-mathml">[^]*?<\/math><\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(?:amp|lt|gt|quot|nbsp);/g, ' ')
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
