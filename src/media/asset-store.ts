import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../core/atomic-file.js'
import { ASSET_TYPES, hasWebpVariants, parseAssetFileName, type AssetExt } from './asset-types.js'
import { dataFolder } from '../core/data-folder.js'

/** Originals a WebP variant can be made from. */
const RASTER_EXTS: AssetExt[] = ['png', 'jpg']
/** Variants made at once: sharp keeps a core busy per image, and this machine serves pages too. */
const MAX_CONCURRENT = 2
/** A figure's longer side beyond this is not a figure: refused rather than decoded. */
const MAX_INPUT_PIXELS = 100_000_000

export interface AssetFile {
  path: string
  mime: string
  size: number
  mtime: Date
}

/**
 * The stored copies of essays' files (`data/media/assets`, written by the importer) and their
 * WebP variants, made with sharp the first time they are asked for and kept beside them.
 * Paths are built only from names that `parseAssetFileName` accepts. Nothing here ever deletes
 * an asset: they are content-addressed and shared between posts, so a sweep of post images
 * (MediaStore.sweep) does not look in this folder.
 */
export class AssetStore {
  readonly dir: string
  private readonly making = new Map<string, Promise<string | null>>()
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(dataDir: string) {
    this.dir = dataFolder(dataDir).assetsDir
  }

  /** The file behind `/media/assets/{file}`, making a WebP variant if needed; null when there is none. */
  async file(file: string): Promise<AssetFile | null> {
    const name = parseAssetFileName(file)
    if (!name) return null
    if (name.kind === 'original') return this.describe(join(this.dir, file), ASSET_TYPES[name.ext])
    const path = await this.variant(name.hash, name.width)
    return path ? this.describe(path, 'image/webp') : null
  }

  /** Path of the WebP variant `{hash}-w{width}.webp` (made now if missing), or null when the hash names no PNG/JPEG. */
  async variant(hash: string, width: number): Promise<string | null> {
    const file = `${hash}-w${width}.webp`
    if (parseAssetFileName(file)?.kind !== 'variant') return null
    const target = join(this.dir, file)
    if (await isFile(target)) return target
    let pending = this.making.get(file)
    if (!pending) {
      // A file sharp cannot read (not the image its name says) has no variant: the page's
      // <picture> then falls back to the original.
      pending = this.limited(() => this.makeVariant(hash, width, target))
        .catch(() => null)
        .finally(() => this.making.delete(file))
      this.making.set(file, pending)
    }
    return pending
  }

  private async makeVariant(hash: string, width: number, target: string): Promise<string | null> {
    const original = await this.originalOf(hash)
    if (!original) return null
    const { default: sharp } = await import('sharp')
    const webp = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer()
    await mkdir(this.dir, { recursive: true })
    await writeFileAtomic(target, webp, { syncDir: false })
    return target
  }

  private async originalOf(hash: string): Promise<string | null> {
    for (const ext of RASTER_EXTS) {
      if (!hasWebpVariants(ASSET_TYPES[ext])) continue
      const path = join(this.dir, `${hash}.${ext}`)
      if (await isFile(path)) return path
    }
    return null
  }

  private async describe(path: string, mime: string): Promise<AssetFile | null> {
    const info = await stat(path).catch(() => null)
    return info?.isFile() ? { path, mime, size: info.size, mtime: info.mtime } : null
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its place straight to the next waiter, so at most MAX_CONCURRENT run.
    if (this.running >= MAX_CONCURRENT) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running += 1
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false
}
