import { describe, it, expect } from 'vitest'
import { Resvg } from '@resvg/resvg-js'
import { drawLocalImage, LOCAL_ART_MODEL } from '../../../src/images/local-art.js'
import { composeArtwork, type ArtInput } from '../../../src/images/compose.js'
import { fontFiles, FONT_FAMILY } from '../../../src/images/fonts.js'
import { pngSize } from '../../../src/images/png.js'
import { conceptsOf } from '../../../src/images/concepts.js'
import { ImageOptionsSchema } from '../../../src/shared/schemas/index.js'
import type { ImageRequest } from '../../../src/ai/provider.js'

const options = ImageOptionsSchema.parse({})
const post = {
  id: 7,
  slug: 'entropy-and-the-arrow-of-time',
  title: 'Entropy and the Arrow of Time',
  tags: ['physics', 'time'],
  excerpt: 'Why the past differs from the future.',
}
const concepts = ['entropy', 'second law', 'boltzmann', 'irreversibility']
const banner: ImageRequest = { kind: 'banner', post, concepts, options, width: 1200, height: 630 }
const content = (index: number): ImageRequest => ({
  kind: 'content',
  post,
  concepts,
  options,
  width: 1024,
  height: 768,
  index,
})

/** Alpha-premultiplied RGBA pixels of an SVG, rendered like the artwork is (bundled font, no system fonts) or with no font at all. */
function pixels(svg: string, fonts: 'bundled' | 'none'): Uint8Array {
  const resvg = new Resvg(svg, {
    font:
      fonts === 'bundled'
        ? { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY }
        : { fontFiles: [], loadSystemFonts: false },
  })
  return new Uint8Array(resvg.render().pixels)
}

/** Pixels that differ between two renders inside a rectangle. */
function differing(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  box: { x: number; y: number; w: number; h: number },
): number {
  let count = 0
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * width + x) * 4
      if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 30) count++
    }
  }
  return count
}

describe('local artwork', () => {
  it('is deterministic: the same request gives the same bytes', async () => {
    const [a, b] = await Promise.all([drawLocalImage(banner), drawLocalImage(banner)])
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true)
    const [c, d] = [await drawLocalImage(content(1)), await drawLocalImage(content(1))]
    expect(Buffer.from(c.png).equals(Buffer.from(d.png))).toBe(true)
  })

  it('gives different posts, kinds and indexes different pictures', async () => {
    const one = await drawLocalImage(banner)
    const other = await drawLocalImage({ ...banner, post: { ...post, slug: 'another-essay' } })
    const first = await drawLocalImage(content(0))
    const second = await drawLocalImage(content(1))
    expect(Buffer.from(one.png).equals(Buffer.from(other.png))).toBe(false)
    expect(Buffer.from(first.png).equals(Buffer.from(second.png))).toBe(false)
  })

  it('makes valid PNGs of the stated sizes (read from IHDR) and says what it drew', async () => {
    const b = await drawLocalImage(banner)
    expect(pngSize(b.png)).toEqual({ width: 1200, height: 630 })
    expect(b).toMatchObject({ width: 1200, height: 630, model: LOCAL_ART_MODEL })
    expect(b.prompt).toContain('Entropy and the Arrow of Time')
    const c = await drawLocalImage(content(0))
    expect(pngSize(c.png)).toEqual({ width: 1024, height: 768 })
    expect(c.prompt).toMatch(/^Local artwork: figure 1/)
  })

  it('sets the title in the bundled font, with no system fonts (the text is really drawn)', () => {
    const input: ArtInput = {
      kind: 'banner',
      slug: post.slug,
      title: post.title,
      tags: post.tags,
      concepts,
      width: 1200,
      height: 630,
      index: 0,
    }
    const withTitle = composeArtwork(input).svg
    const withoutTitle = composeArtwork({ ...input, omitTitle: true }).svg
    const titleBox = { x: 60, y: 120, w: 560, h: 360 }
    const drawn = differing(pixels(withTitle, 'bundled'), pixels(withoutTitle, 'bundled'), 1200, titleBox)
    expect(drawn).toBeGreaterThan(5_000)
    // Without the bundled font nothing would be drawn: resvg skips text it has no font for.
    expect(differing(pixels(withTitle, 'none'), pixels(withoutTitle, 'none'), 1200, titleBox)).toBe(0)
  })

  it('copes with hostile and very long titles: escaped, cleaned, wrapped into at most four lines', async () => {
    const title = `Ω <script>&amp; "quotes" \u0007 ${'antidisestablishmentarianism '.repeat(12)}$x^2$`
    const { svg } = composeArtwork({
      kind: 'banner',
      slug: 's',
      title,
      tags: ['<b>'],
      concepts: ['a & b'],
      width: 1200,
      height: 630,
      index: 0,
    })
    expect(svg).not.toContain('<script>')
    expect(svg).not.toContain('\u0007')
    expect(svg.match(/<tspan /g)?.length).toBeLessThanOrEqual(4)
    const image = await drawLocalImage({ ...banner, post: { ...post, title } })
    expect(pngSize(image.png)).toEqual({ width: 1200, height: 630 })
  })

  it('lists only whole concepts: those that do not fit are left out, not cut mid-word', () => {
    const long = ['likelihood function', 'log-likelihood', 'maximum', 'dirichlet distribution', 'concentration']
    const art = (kind: 'banner' | 'content') =>
      composeArtwork({
        kind,
        slug: 's',
        title: 'Maximum likelihood',
        tags: [],
        concepts: long,
        width: 1200,
        height: 630,
        index: 0,
      })
    const line = /font-style="italic"[^>]*>([^<]*)<\/text>/.exec(art('banner').svg)?.[1] ?? ''
    expect(line).toBe('likelihood function  ·  log-likelihood  ·  maximum')
    expect(art('banner').description).not.toContain('dirichlet')
    // a figure's caption line: the same rule
    expect(art('content').svg).not.toMatch(/\w…/)
    // a single concept longer than the line is still cut, visibly
    const huge = composeArtwork({
      kind: 'banner',
      slug: 's',
      title: 'T',
      tags: [],
      concepts: ['x'.repeat(200)],
      width: 1200,
      height: 630,
      index: 0,
    })
    expect(huge.svg).toContain('…')
  })

  it('draws an untitled, untagged post too', async () => {
    const image = await drawLocalImage({ ...banner, post: { ...post, title: '', tags: [] }, concepts: [] })
    expect(pngSize(image.png)).toEqual({ width: 1200, height: 630 })
  })
})

describe('conceptsOf', () => {
  it('puts tags first, then repeated phrases and words, without stop words', () => {
    const text =
      'The prior distribution shapes the posterior. A prior distribution is chosen before evidence; the prior distribution matters. Evidence updates belief. Evidence and belief.'
    const out = conceptsOf({ tags: ['statistics'], plainText: text })
    expect(out[0]).toBe('statistics')
    expect(out).toContain('prior distribution')
    expect(out).toContain('evidence')
    expect(out).not.toContain('prior')
    expect(out).not.toContain('the')
  })
})
