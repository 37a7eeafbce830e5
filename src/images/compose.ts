import { FONT_FAMILY } from './fonts.js'
import { BANNER_MOTIFS, FIGURE_MOTIFS, gridPaper, type Box } from './motifs.js'
import { PALETTES, type Palette } from './palettes.js'
import { seeded } from './seed.js'
import { cleanText, escapeXml, fitLine, fitList, fitText, n } from './svg-text.js'

export interface ArtInput {
  kind: 'banner' | 'content'
  slug: string
  title: string
  /** The first becomes the banner's kicker; the essay's key terms follow. */
  tags: string[]
  concepts: string[]
  width: number
  height: number
  index: number
  /** Leave the title out (tests compare against it to see that text is drawn). */
  omitTitle?: boolean
}

export interface Artwork {
  svg: string
  description: string
}

/**
 * The local provider's artwork, as SVG: a figure from a small family of mathematical motifs,
 * a curated palette and, on banners, the title set in the bundled serif. Everything random is
 * drawn from a seed of slug, kind and index, so the same post always gets the same picture.
 */
export function composeArtwork(input: ArtInput): Artwork {
  const r = seeded(`scholia-art-v1|${input.slug}|${input.kind}|${input.index}`)
  const palette = r.pick(PALETTES)
  const concepts = dedupe(input.concepts.map(cleanText).filter(Boolean))
  return input.kind === 'banner' ? banner(input, palette, concepts, r) : figure(input, palette, concepts, r)
}

function banner(input: ArtInput, p: Palette, concepts: string[], r: ReturnType<typeof seeded>): Artwork {
  const { width: W, height: H } = input
  const motif = r.pick(BANNER_MOTIFS)
  const field: Box = { x: W * 0.34, y: 0, w: W * 0.66, h: H }
  const margin = Math.round(W * 0.06)
  const textWidth = W * 0.5
  const title = cleanText(input.title) || 'Untitled essay'
  const kicker = cleanText(input.tags[0] ?? '') || 'Essay'
  const fitted = fitText(title, 'semibold', {
    width: textWidth,
    maxLines: 4,
    maxSize: Math.round(H * 0.115),
    minSize: Math.round(H * 0.06),
  })
  const leading = fitted.size * 1.14
  const blockHeight = 30 + fitted.lines.length * leading + 70
  let y = Math.max(margin + 20, (H - blockHeight) / 2 + 20)
  const parts: string[] = [
    background(p, W, H),
    gridPaper(p, field, 30, 0.55),
    `<g>${motif.draw(r, p, field, [])}</g>`,
    fade(p, W, H),
  ]
  parts.push(
    `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="${p.line}" stroke-width="1.5"/>`,
  )
  const kickerText = fitLine(kicker.toUpperCase(), 'semibold', 17, textWidth, 3)
  parts.push(
    `<text x="${margin}" y="${n(y)}" font-family="${FONT_FAMILY}" font-weight="600" font-size="17" letter-spacing="3" fill="${p.accent}">${escapeXml(kickerText)}</text>`,
  )
  y += 22 + fitted.size
  if (!input.omitTitle) {
    const tspans = fitted.lines
      .map((line, i) => `<tspan x="${margin}" y="${n(y + i * leading)}">${escapeXml(line)}</tspan>`)
      .join('')
    parts.push(
      `<text font-family="${FONT_FAMILY}" font-weight="600" font-size="${fitted.size}" fill="${p.ink}">${tspans}</text>`,
    )
  }
  y += (fitted.lines.length - 1) * leading + 34
  parts.push(`<rect x="${margin}" y="${n(y)}" width="72" height="3" fill="${p.accent}"/>`)
  const candidates = concepts.filter((c) => c.toLowerCase() !== kicker.toLowerCase()).slice(0, 4)
  const { line, shown } = fitList(candidates, '  ·  ', 'italic', 24, textWidth)
  if (shown.length) {
    parts.push(
      `<text x="${margin}" y="${n(y + 44)}" font-family="${FONT_FAMILY}" font-style="italic" font-size="24" fill="${p.ink}" opacity="0.78">${escapeXml(line)}</text>`,
    )
  }
  return {
    svg: svgDocument(W, H, parts),
    description: `Local artwork: a ${motif.name} in the "${p.name}" palette beside the title "${title}" set in ${FONT_FAMILY}${shown.length ? `, with the concepts ${shown.join(', ')}` : ''}.`,
  }
}

function figure(input: ArtInput, p: Palette, concepts: string[], r: ReturnType<typeof seeded>): Artwork {
  const { width: W, height: H } = input
  const motif = FIGURE_MOTIFS[(input.index + r.int(0, FIGURE_MOTIFS.length - 1)) % FIGURE_MOTIFS.length]
  // Each figure names a different slice of the essay's concepts.
  const start = concepts.length ? (input.index * 4) % concepts.length : 0
  const named = [...concepts.slice(start), ...concepts.slice(0, start)].slice(0, 5)
  const captionY = H - 70
  const field: Box = { x: 48, y: 48, w: W - 96, h: captionY - 48 - 36 }
  const parts = [background(p, W, H), gridPaper(p, field, 32, 0.5), `<g>${motif.draw(r, p, field, named)}</g>`]
  parts.push(`<path d="M48 ${captionY - 24}H${W - 48}" stroke="${p.line}" stroke-width="1.5"/>`)
  const figureLabel = `Fig. ${input.index + 1}.`
  parts.push(
    `<text x="48" y="${captionY + 10}" font-family="${FONT_FAMILY}" font-weight="600" font-size="22" fill="${p.accent}">${figureLabel}</text>`,
  )
  const caption = named.length
    ? fitList(named, ', ', 'italic', 22, W - 96 - 80).line
    : fitLine(cleanText(input.title), 'italic', 22, W - 96 - 80)
  parts.push(
    `<text x="128" y="${captionY + 10}" font-family="${FONT_FAMILY}" font-style="italic" font-size="22" fill="${p.ink}" opacity="0.85">${escapeXml(caption)}</text>`,
  )
  return {
    svg: svgDocument(W, H, parts),
    description: `Local artwork: figure ${input.index + 1}, a ${motif.name} in the "${p.name}" palette${named.length ? ` naming ${named.join(', ')}` : ''}.`,
  }
}

function background(p: Palette, w: number, h: number): string {
  return `<defs><radialGradient id="glow" cx="0.3" cy="0.35" r="0.9"><stop offset="0" stop-color="${p.dark ? '#ffffff' : '#ffffff'}" stop-opacity="${p.dark ? 0.07 : 0.5}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs><rect width="${w}" height="${h}" fill="${p.paper}"/><rect width="${w}" height="${h}" fill="url(#glow)"/>`
}

/** Paper over the left of the figure, so the title always reads. */
function fade(p: Palette, w: number, h: number): string {
  return `<defs><linearGradient id="fade" x1="0" x2="1" y1="0" y2="0"><stop offset="0.37" stop-color="${p.paper}" stop-opacity="1"/><stop offset="0.64" stop-color="${p.paper}" stop-opacity="0"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#fade)"/>`
}

function svgDocument(w: number, h: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = item.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
