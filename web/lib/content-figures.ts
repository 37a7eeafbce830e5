/** One generated content image, as the post page shows it. */
export interface ContentFigure {
  src: string
  alt: string
}

/** Stored content images are drawn at this size (src/images/sizes.ts): the page reserves it before they load. */
const WIDTH = 1024
const HEIGHT = 768
export const CONTENT_FIGURE_CAPTION = 'Illustration generated for this essay'

/** Where the essay's own end matter starts (footnotes, the reference list): figures go before it. */
const END_MATTER = [
  /<section[^>]*\bdata-footnotes\b/,
  /<section[^>]*\bclass="references"/,
  /<h[1-6][^>]*\bid="references-heading"/,
]

/**
 * The essay's HTML with its generated illustrations placed between its sections: each before a
 * top-level heading, spread evenly through the essay (two images in six sections: before the
 * third and the fifth), never before the first heading when nothing precedes it, and at the end
 * of the essay's text (before its notes and references) when it has too few sections. Between sections an illustration breaks
 * no paragraph, list or argument; the caption says it is not one of the author's figures.
 */
export function withContentFigures(
  html: string,
  headingIds: readonly string[],
  figures: readonly ContentFigure[],
): string {
  if (figures.length === 0) return html
  const anchors = headingIds.map((id) => headingStart(html, id)).filter((at): at is number => at !== null && at > 0)
  const end = endOfText(html)
  const used = new Set<number>()
  const places = figures.map((_, i) => {
    const slot = Math.floor(((i + 1) * anchors.length) / (figures.length + 1))
    if (slot >= anchors.length || used.has(slot)) return end
    used.add(slot)
    return anchors[slot]
  })
  // splice from the last place back, so earlier offsets stay valid
  let out = html
  const order = figures.map((figure, i) => ({ figure, at: places[i], i })).sort((a, b) => b.at - a.at || b.i - a.i)
  for (const { figure, at } of order) out = out.slice(0, at) + figureHtml(figure) + out.slice(at)
  return out
}

/** Offset of the opening tag of the heading with this id, or null. */
function headingStart(html: string, id: string): number | null {
  const at = html.indexOf(` id="${id}"`)
  if (at < 0) return null
  const open = html.lastIndexOf('<h', at)
  return open >= 0 && /^<h[1-6][\s>]/.test(html.slice(open, open + 4)) ? open : null
}

function endOfText(html: string): number {
  const starts = END_MATTER.map((re) => re.exec(html)?.index).filter((at): at is number => at !== undefined)
  return starts.length > 0 ? Math.min(...starts) : html.length
}

function figureHtml({ src, alt }: ContentFigure): string {
  return (
    `<figure class="generated-figure">` +
    `<img src="${attribute(src)}" alt="${attribute(alt)}" width="${WIDTH}" height="${HEIGHT}" loading="lazy" decoding="async">` +
    `<figcaption>${CONTENT_FIGURE_CAPTION}</figcaption></figure>\n`
  )
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
