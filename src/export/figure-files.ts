import { assetFileOfUrl, parseAssetFileName } from '../media/asset-types.js'

/** A stored media file the archive carries, under the name the `.tex` uses for it. */
export interface FigureFile {
  /** Path inside the archive, as `\includegraphics` names it: `figures/{hash}.{ext}`. */
  path: string
  /** The stored copy's file name under `data/media/assets`. */
  asset: string
  /** Whether the file must be turned into a PNG first (pdflatex reads PNG, JPEG and PDF only). */
  convert: boolean
}

/** What pdflatex includes as it is. */
const NATIVE = new Set(['png', 'jpg', 'pdf'])
/** What sharp can turn into a PNG: vector drawings and the web's other raster formats. */
const CONVERTIBLE = new Set(['svg', 'gif', 'webp', 'avif'])

/**
 * The figures of one export: which stored media files (`/media/assets/…`) the document
 * includes, each once, under a name pdflatex can read.
 */
export class FigureFiles {
  private readonly files = new Map<string, FigureFile>()

  /** The archive path for an image address, or null when it is no stored figure pdflatex could show. */
  include(src: string): string | null {
    const asset = assetFileOfUrl(src)
    const name = asset ? parseAssetFileName(asset) : null
    if (!asset || name?.kind !== 'original') return null
    if (!NATIVE.has(name.ext) && !CONVERTIBLE.has(name.ext)) return null
    const convert = !NATIVE.has(name.ext)
    const path = `figures/${name.hash}.${convert ? 'png' : name.ext}`
    if (!this.files.has(path)) this.files.set(path, { path, asset, convert })
    return path
  }

  list(): FigureFile[] {
    return [...this.files.values()]
  }
}
