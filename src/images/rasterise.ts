import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js'
import { FONT_FAMILY, fontFiles } from './fonts.js'
import { CARD_PNG } from './png.js'

const OPTIONS: ResvgRenderOptions = {
  // Only the bundled faces: the same pixels on every machine, and text even where none is installed.
  font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY, serifFamily: FONT_FAMILY },
  shapeRendering: 2,
  textRendering: 1,
  imageRendering: 0,
  logLevel: 'off',
}

/** SVG to PNG with resvg, off the main thread (libuv's pool), at the SVG's own size. */
export async function rasterise(svg: string): Promise<Uint8Array> {
  const image = await renderAsync(svg, OPTIONS)
  return new Uint8Array(image.asPng())
}

/**
 * A raster image scaled to cover `width` × `height` and centre-cropped, as PNG. resvg decodes
 * PNG, JPEG and WebP inside an SVG <image>, so no second image library is needed.
 */
export async function coverPng(
  source: Uint8Array,
  mime: 'image/png' | 'image/jpeg' | 'image/webp',
  width: number,
  height: number,
): Promise<Uint8Array> {
  const href = `data:${mime};base64,${Buffer.from(source).toString('base64')}`
  const image = await renderAsync(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" href="${href}"/></svg>`,
    OPTIONS,
  )
  // resvg leaves out an image it cannot decode: a wholly transparent result means there was none.
  if (!painted(image.pixels)) throw new Error('the picture could not be read')
  return new Uint8Array(image.asPng())
}

function painted(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4 * 61) if (rgba[i] !== 0) return true
  return false
}

/**
 * SVG to a palette PNG: resvg's pixels go to the quantiser as they are, without the full-colour
 * PNG in between (which cost 30 ms to encode and as much to decode again).
 */
export async function rasterisePalette(svg: string): Promise<Uint8Array> {
  const image = await renderAsync(svg, OPTIONS)
  const { default: sharp } = await import('sharp')
  const png = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png(CARD_PNG)
    .toBuffer()
  return new Uint8Array(png)
}
