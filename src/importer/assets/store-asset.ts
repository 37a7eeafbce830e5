import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import type { EssayAsset } from '../../shared/schemas/index.js'
import { ASSET_TYPES, MAX_ASSET_BYTES, assetExtOf, assetUrl, type AssetExt } from '../../media/asset-types.js'
import { dataFolder } from '../../core/data-folder.js'

/** Where the stored copies of essays' files live: `{dataDir}/media/assets`. */
export const assetsDirOf = (dataDir: string): string => dataFolder(dataDir).assetsDir

export type StoredAsset = { ok: true; asset: EssayAsset } | { ok: false; reason: string }

/**
 * Per thread: a file already stored, by real path, size and modification time. An import of a
 * book reads each shared figure once however many chapters use it, and a re-import that finds
 * the same files never reads them again.
 */
const stored = new Map<string, EssayAsset>()
const MAX_REMEMBERED = 5000

/**
 * Copies one file (already checked to be where the essay may reach) into the data folder's
 * media under its content hash, and answers its public address, type, size and — for images —
 * its intrinsic width and height. Synchronous, because the render that asks for it is; the
 * copy is written to a temp file and renamed, so a reader never sees half a file, and a file
 * already stored is not written again.
 */
export function storeAssetSync(realPath: string, dataDir: string): StoredAsset {
  const ext = assetExtOf(realPath)
  if (!ext) return { ok: false, reason: 'not a figure, video, audio or PDF file' }
  let info
  try {
    info = statSync(realPath)
  } catch {
    return { ok: false, reason: 'not found' }
  }
  if (!info.isFile()) return { ok: false, reason: 'not a file' }
  if (info.size > MAX_ASSET_BYTES) return { ok: false, reason: `larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB` }
  const key = `${dataDir}\0${realPath}\0${info.size}\0${info.mtimeMs}`
  const known = stored.get(key)
  if (known) return { ok: true, asset: known }

  let bytes: Buffer
  try {
    bytes = readFileSync(realPath)
  } catch {
    return { ok: false, reason: 'not readable' }
  }
  const result = storeBytesSync(bytes, ext, dataDir)
  if (result.ok) {
    if (stored.size >= MAX_REMEMBERED) stored.delete(stored.keys().next().value!)
    stored.set(key, result.asset)
  }
  return result
}

/**
 * Stores bytes that are not a file of their own (a notebook's plot, kept inside the `.ipynb`)
 * exactly as a figure file would be: under their content hash, so the same picture in a file
 * and in a notebook is one stored copy.
 */
export function storeBytesSync(bytes: Uint8Array, ext: AssetExt, dataDir: string): StoredAsset {
  if (bytes.length > MAX_ASSET_BYTES) return { ok: false, reason: `larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB` }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20)
  const dir = assetsDirOf(dataDir)
  const target = join(dir, `${hash}.${ext}`)
  if (!existsSync(target)) writeAtomicSync(dir, target, bytes)
  const asset: EssayAsset = {
    url: assetUrl(hash, ext),
    mime: ASSET_TYPES[ext],
    bytes: bytes.length,
    ...dimensionsOf(bytes, ext),
  }
  return { ok: true, asset }
}

function writeAtomicSync(dir: string, target: string, bytes: Uint8Array): void {
  mkdirSync(dir, { recursive: true })
  const temp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`)
  try {
    writeFileSync(temp, bytes)
    renameSync(temp, target)
  } catch (e) {
    try {
      unlinkSync(temp)
    } catch {
      // The temp file was never made.
    }
    throw e
  }
}

/** Width and height in CSS pixels, read from the file's header; none for media and unreadable images. */
function dimensionsOf(bytes: Uint8Array, ext: string): { width?: number; height?: number } {
  if (!ext.match(/^(png|jpg|gif|webp|avif|svg|ico|bmp)$/)) return {}
  try {
    const size = imageSize(bytes)
    // EXIF orientations 5–8 turn the picture a quarter: the page shows it turned.
    const turned = (size.orientation ?? 1) >= 5
    const width = Math.round((turned ? size.height : size.width) ?? 0)
    const height = Math.round((turned ? size.width : size.height) ?? 0)
    return width > 0 && height > 0 ? { width, height } : {}
  } catch {
    // A file that is not the image its name says: stored and served, but without a size.
    return {}
  }
}
