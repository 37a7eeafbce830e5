const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * The size a PNG says it has, after checking it is one: the 8-byte signature, then an IHDR
 * chunk of 13 bytes first (the PNG spec requires it there). Null for anything else, so a
 * provider's answer that is not a PNG is never stored.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33) return null
  for (let i = 0; i < SIGNATURE.length; i++) if (bytes[i] !== SIGNATURE[i]) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunkLength = view.getUint32(8)
  const type = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15])
  if (chunkLength !== 13 || type !== 'IHDR') return null
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  if (width === 0 || height === 0) return null
  return { width, height }
}

/** Whether the chunks of a PNG run whole from IHDR to IEND (a cut-off download does not). */
export function pngComplete(bytes: Uint8Array): boolean {
  if (!pngSize(bytes)) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 8
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7])
    at += 12 + length
    if (type === 'IEND') return at <= bytes.length
  }
  return false
}

/** Throws with `what` in the message unless `bytes` is a PNG of exactly width × height. */
export function assertPng(bytes: Uint8Array, width: number, height: number, what: string): void {
  const size = pngSize(bytes)
  if (!size) throw new Error(`${what} is not a PNG image.`)
  if (size.width !== width || size.height !== height)
    throw new Error(`${what} is ${size.width}×${size.height}, expected ${width}×${height}.`)
}

/**
 * The palette PNG (colour type 3) of a social card, quantised by sharp with the least effort and
 * no dithering: measured on the corpus's cards, 62–74 kB instead of resvg's 233 kB full-colour
 * PNG (82 kB at effort 4 with dithering, and twice the time). og:image wants PNG or JPEG; the
 * cards' flat colours and thin lines keep their look in 256 colours. zlib's level 6, not 9:
 * 67 ms for the quantising and compressing instead of 94, for 4 % more bytes (twelve cards).
 * A lower quality would be faster and smaller still, but it drops the artwork's one small
 * accent colour (its red dot is gone at quality 95).
 */
export const CARD_PNG = { palette: true, compressionLevel: 6, effort: 1, dither: 0 } as const

/** Whether PNG bytes hold a palette image (colour type 3 in the IHDR chunk), as social cards are. */
export function isPalettePng(bytes: Uint8Array): boolean {
  return pngSize(bytes) !== null && bytes[25] === 3
}
