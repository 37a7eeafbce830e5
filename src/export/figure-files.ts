import { createHash } from 'node:crypto'
import { assetFileOfUrl, parseAssetFileName } from '../media/asset-types.js'

/** A stored media file the archive carries, under the name the `.tex` uses for it. */
export interface FigureFile {
  /** Path inside the archive, as `\includegraphics` names it: `figures/{hash}.{ext}`. */
  path: string
  /** The stored copy's file name under `data/media/assets`; null for a drawing the page carries itself. */
  asset: string | null
  /** That drawing's SVG (a diagram, whose image is a `data:` address), when asset is null. */
  svg?: string
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
    const drawn = svgOfDataUrl(src)
    if (drawn !== null) {
      const path = `figures/diagram-${createHash('sha256').update(drawn).digest('hex').slice(0, 16)}.png`
      if (!this.files.has(path)) this.files.set(path, { path, asset: null, svg: drawn, convert: true })
      return path
    }
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

/** The SVG text of a `data:image/svg+xml` address (percent-encoded or base64), else null. */
function svgOfDataUrl(src: string): string | null {
  const m = /^data:image\/svg\+xml(;base64)?,/i.exec(src)
  if (!m) return null
  const body = src.slice(m[0].length)
  try {
    return m[1] ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
  } catch {
    return null
  }
}
