import { createHash } from 'node:crypto'
import { readdir, rm, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDir, writeFileAtomic } from '../core/atomic-file.js'
import { dataFolder } from '../core/data-folder.js'

export type PostImageKind = 'banner' | 'content'

/** `/media/posts/{postId}/{kind}-{hash}.png`: the only shape of address the media route serves. */
const POST_IMAGE = /^\/media\/posts\/([1-9]\d{0,15})\/((?:banner|content)-[0-9a-f]{20}\.png)$/
export const POST_IMAGE_FILE = /^(?:banner|content)-[0-9a-f]{20}\.png$/
const OG_FILE = /^[0-9a-f]{24}\.png$/

/** Files nobody refers to are removed only once they are this old: another process may be about to commit them. */
const ORPHAN_AGE_MS = 10 * 60_000
/** Drawn social cards kept on disk; the oldest beyond this are dropped. */
const OG_KEEP = 500

export const contentHashOf = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 20)

/** The post and file a media address names, or null when it is not one of ours. */
export function parseMediaUrl(url: string | null | undefined): { postId: number; file: string } | null {
  const m = url ? POST_IMAGE.exec(url) : null
  return m ? { postId: Number(m[1]), file: m[2] } : null
}

/**
 * Generated images under `data/media`. Post images are named by their content hash, so an
 * address never changes meaning (immutable caching) and rewriting the same picture is a no-op.
 * Every path is built from validated parts; nothing from a request is joined in as is.
 */
export class MediaStore {
  readonly root: string
  private readonly postsDir: string
  private readonly ogDir: string

  constructor(dataDir: string) {
    const folder = dataFolder(dataDir)
    this.root = folder.mediaDir
    this.postsDir = folder.mediaPostsDir
    this.ogDir = folder.mediaOgDir
  }

  /** Store a post's PNG (atomically) and answer its public address. */
  async putPostImage(postId: number, kind: PostImageKind, png: Uint8Array): Promise<string> {
    const dir = join(this.postsDir, String(postId))
    const file = `${kind}-${contentHashOf(png)}.png`
    await ensureDir(dir)
    await writeFileAtomic(join(dir, file), png)
    return `/media/posts/${postId}/${file}`
  }

  /** The file behind a post image address, or null for anything that is not one. */
  postImagePath(postId: number, file: string): string | null {
    if (!Number.isSafeInteger(postId) || postId < 1 || !POST_IMAGE_FILE.test(file)) return null
    return join(this.postsDir, String(postId), file)
  }

  /** Remove the files behind these addresses (ours only; web addresses are left alone). */
  async removeUrls(urls: Iterable<string | null>): Promise<void> {
    for (const url of urls) {
      const parsed = parseMediaUrl(url)
      const path = parsed && this.postImagePath(parsed.postId, parsed.file)
      if (path) await unlink(path).catch(() => {})
    }
  }

  ogPath(key: string): string | null {
    const file = `${key}.png`
    return OG_FILE.test(file) ? join(this.ogDir, file) : null
  }

  async putOg(key: string, png: Uint8Array): Promise<void> {
    const path = this.ogPath(key)
    if (!path) throw new Error(`Not a social card key: ${key}`)
    await ensureDir(this.ogDir)
    await writeFileAtomic(path, png, { syncDir: false })
  }

  /**
   * Remove what no post refers to: folders of deleted posts, replaced images, stale social
   * cards. `referenced(postId)` answers the addresses a post uses, or null when it is gone.
   * Only files older than a few minutes go, so an image another process is committing stays.
   */
  async sweep(referenced: (postId: number) => Set<string> | null, now = Date.now()): Promise<number> {
    let removed = 0
    for (const dir of await listDir(this.postsDir)) {
      if (!/^\d+$/.test(dir)) continue
      const uses = referenced(Number(dir))
      const folder = join(this.postsDir, dir)
      const files = await listDir(folder)
      let left = files.length
      for (const file of files) {
        if (uses?.has(`/media/posts/${dir}/${file}`)) continue
        const info = await stat(join(folder, file)).catch(() => null)
        if (!info || now - info.mtimeMs < ORPHAN_AGE_MS) continue
        await rm(join(folder, file), { force: true })
        removed += 1
        left -= 1
      }
      if (left === 0 && !uses) await rm(folder, { recursive: true, force: true }).catch(() => {})
    }
    const cards = await listDir(this.ogDir)
    if (cards.length > OG_KEEP) {
      const dated = await Promise.all(
        cards.map(async (f) => ({ f, t: (await stat(join(this.ogDir, f)).catch(() => null))?.mtimeMs ?? 0 })),
      )
      dated.sort((a, b) => b.t - a.t)
      for (const { f } of dated.slice(OG_KEEP)) {
        await rm(join(this.ogDir, f), { force: true })
        removed += 1
      }
    }
    return removed
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
}
