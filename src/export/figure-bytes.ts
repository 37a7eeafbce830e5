import { readFile } from 'node:fs/promises'

/** A drawing's longer side in the PNG made from it: sharp for print, about 300 dpi over the column. */
const RASTER_WIDTH = 1800
/** A stored figure beyond this is not decoded (the media folder holds files up to 25 MB). */
const MAX_INPUT_PIXELS = 100_000_000

/**
 * The bytes of one stored figure as the archive carries it: as stored when pdflatex reads the
 * format (PNG, JPEG, PDF); as a PNG made with sharp otherwise (SVG drawings, GIF, WebP, AVIF).
 * Null when the file is gone or cannot be read as an image.
 */
export async function figureBytes(path: string, convert: boolean): Promise<Buffer | null> {
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch {
    return null
  }
  return convert ? rasterised(bytes) : bytes
}

/** A drawing (SVG) or a web image (GIF, WebP, AVIF) as the PNG pdflatex reads; null when it is no image. */
export async function rasterised(bytes: Buffer): Promise<Buffer | null> {
  try {
    const { default: sharp } = await import('sharp')
    // An SVG is drawn at a density that makes it about RASTER_WIDTH pixels wide; scripts in it never run (librsvg).
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density: 300, animated: false })
    const { width } = await image.metadata()
    const resized = width && width > RASTER_WIDTH ? image.resize({ width: RASTER_WIDTH }) : image
    return await resized.flatten({ background: '#ffffff' }).png().toBuffer()
  } catch {
    return null
  }
}
