import { readFileSync } from 'node:fs'
import { fontFile, type FontFace } from './fonts.js'

/**
 * Advance widths from a TrueType file (cmap + hmtx), enough to wrap a title before resvg sets
 * it: SVG text does not wrap. Kerning is ignored, so callers leave a small margin.
 */
export class FontMetrics {
  private readonly unitsPerEm: number
  private readonly advances: Uint16Array
  private readonly glyphOf: (codePoint: number) => number
  private readonly cache = new Map<number, number>()

  constructor(bytes: Uint8Array) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const tables = new Map<string, number>()
    const count = view.getUint16(4)
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16
      tables.set(String.fromCharCode(...bytes.subarray(at, at + 4)), view.getUint32(at + 8))
    }
    const need = (tag: string) => {
      const offset = tables.get(tag)
      if (offset === undefined) throw new Error(`The font has no ${tag} table.`)
      return offset
    }
    this.unitsPerEm = view.getUint16(need('head') + 18)
    const metricCount = view.getUint16(need('hhea') + 34)
    const hmtx = need('hmtx')
    this.advances = new Uint16Array(metricCount)
    for (let g = 0; g < metricCount; g++) this.advances[g] = view.getUint16(hmtx + g * 4)
    this.glyphOf = readCmap(view, need('cmap'))
  }

  static forFace(face: FontFace): FontMetrics {
    let metrics = LOADED.get(face)
    if (!metrics) LOADED.set(face, (metrics = new FontMetrics(readFileSync(fontFile(face)))))
    return metrics
  }

  /** Width of `text` set at `size` px, with `letterSpacing` px after each character. */
  width(text: string, size: number, letterSpacing = 0): number {
    let units = 0
    let chars = 0
    for (const ch of text) {
      units += this.advance(ch.codePointAt(0)!)
      chars += 1
    }
    return (units / this.unitsPerEm) * size + chars * letterSpacing
  }

  private advance(codePoint: number): number {
    let value = this.cache.get(codePoint)
    if (value === undefined) {
      const glyph = this.glyphOf(codePoint)
      value = this.advances[Math.min(glyph, this.advances.length - 1)]
      this.cache.set(codePoint, value)
    }
    return value
  }
}

const LOADED = new Map<FontFace, FontMetrics>()

/** The Unicode subtable: format 12 (full range) when present, else format 4 (BMP). */
function readCmap(view: DataView, cmap: number): (codePoint: number) => number {
  const count = view.getUint16(cmap + 2)
  let format4 = -1
  let format12 = -1
  for (let i = 0; i < count; i++) {
    const platform = view.getUint16(cmap + 4 + i * 8)
    const encoding = view.getUint16(cmap + 6 + i * 8)
    const offset = cmap + view.getUint32(cmap + 8 + i * 8)
    const format = view.getUint16(offset)
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
    if (!unicode) continue
    if (format === 12) format12 = offset
    if (format === 4) format4 = offset
  }
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12)
    return (cp) => {
      for (let i = 0; i < groups; i++) {
        const at = format12 + 16 + i * 12
        const start = view.getUint32(at)
        if (cp >= start && cp <= view.getUint32(at + 4)) return view.getUint32(at + 8) + cp - start
      }
      return 0
    }
  }
  if (format4 < 0) throw new Error('The font has no Unicode cmap.')
  const segments = view.getUint16(format4 + 6) / 2
  const ends = format4 + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let i = 0; i < segments; i++) {
      if (cp > view.getUint16(ends + i * 2)) continue
      const start = view.getUint16(starts + i * 2)
      if (cp < start) return 0
      const delta = view.getInt16(deltas + i * 2)
      const rangeOffset = view.getUint16(rangeOffsets + i * 2)
      if (rangeOffset === 0) return (cp + delta) & 0xffff
      const glyph = view.getUint16(rangeOffsets + i * 2 + rangeOffset + (cp - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}
