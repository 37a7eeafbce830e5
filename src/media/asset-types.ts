/**
 * The files an essay may bring along (figures, video, audio, PDFs) and the addresses their
 * stored copies get: `/media/assets/{sha256-20}.{ext}` for the file itself and
 * `/media/assets/{sha256-20}-w{width}.webp` for a smaller WebP of a raster figure. Only these
 * types are copied: a `.html`, `.js` or anything else an essay points at is never published,
 * so the media folder can only ever serve inert content.
 */

export const ASSET_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  // Old formats a browser still shows: a favicon or a screenshot saved decades ago.
  ico: 'image/vnd.microsoft.icon',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
} as const satisfies Record<string, string>

export type AssetExt = keyof typeof ASSET_TYPES

/** Largest file an essay may bring along: a long figure or short clip, not a film. */
export const MAX_ASSET_BYTES = 25 * 1024 * 1024

/** Widths of the WebP variants of a raster figure: a phone, the essay column at 2x, a wide screen at 2x. */
export const VARIANT_WIDTHS = [640, 1280, 1920] as const

const ASSET_FILE = new RegExp(`^([0-9a-f]{20})\\.(${Object.keys(ASSET_TYPES).join('|')})$`)
const VARIANT_FILE = /^([0-9a-f]{20})-w(640|1280|1920)\.webp$/

/** The stored extension for a file name's extension (`JPEG` → `jpg`), or null when it is not an asset type. */
export function assetExtOf(name: string): AssetExt | null {
  const dot = name.lastIndexOf('.')
  if (dot < 0) return null
  const raw = name.slice(dot + 1).toLowerCase()
  const ext = raw === 'jpeg' ? 'jpg' : raw
  return Object.hasOwn(ASSET_TYPES, ext) ? (ext as AssetExt) : null
}

export const assetUrl = (hash: string, ext: AssetExt): string => `/media/assets/${hash}.${ext}`

/** What a file name under `/media/assets/` is: an original or a WebP variant; null for anything else. */
export type AssetFileName =
  { kind: 'original'; hash: string; ext: AssetExt } | { kind: 'variant'; hash: string; width: number }

export function parseAssetFileName(file: string): AssetFileName | null {
  const original = ASSET_FILE.exec(file)
  if (original) return { kind: 'original', hash: original[1], ext: original[2] as AssetExt }
  const variant = VARIANT_FILE.exec(file)
  if (variant) return { kind: 'variant', hash: variant[1], width: Number(variant[2]) }
  return null
}

/** The file name behind a `/media/assets/…` address (with or without a site origin or base path), or null. */
export function assetFileOfUrl(url: string): string | null {
  const m = /\/media\/assets\/([^/?#]+)$/.exec(url.split(/[?#]/)[0])
  return m && parseAssetFileName(m[1]) ? m[1] : null
}

/** Raster figures worth offering as WebP: PNG and JPEG (GIFs may be animations; WebP and AVIF already are small). */
export const hasWebpVariants = (mime: string): boolean => mime === 'image/png' || mime === 'image/jpeg'

/**
 * The WebP variants a figure of this width is offered in, with the width each really has: the
 * buckets narrower than the figure, then one at the figure's own width when it is not wider
 * than the largest bucket (a variant is never enlarged).
 */
export function variantsFor(hash: string, width: number): { url: string; file: string; width: number }[] {
  const out: { url: string; file: string; width: number }[] = []
  for (const bucket of VARIANT_WIDTHS) {
    const file = `${hash}-w${bucket}.webp`
    if (bucket < width) out.push({ url: `/media/assets/${file}`, file, width: bucket })
    else {
      out.push({ url: `/media/assets/${file}`, file, width })
      break
    }
  }
  return out
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i

/**
 * Whether a reference stays as written: a web address, `data:`, a protocol-relative `//host`, an
 * in-page `#anchor`, or the site's own media (`/media/…`, what the workspace's images are served as).
 */
export function isRemoteReference(ref: string): boolean {
  const r = ref.trim()
  return r === '' || SCHEME.test(r) || r.startsWith('//') || r.startsWith('#') || r.startsWith('/media/')
}
