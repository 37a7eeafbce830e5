import { copyFile, cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { AssetStore } from '../media/asset-store.js'
import { parseAssetFileName } from '../media/asset-types.js'

/** Root-relative media addresses in written text: `/media/banner.png`, also under a base. */
const MEDIA_REF = /\/media\/([^"'\s?#()<>\\]+)/g

/**
 * Writes the build's files into the staging folder and notes which media files the written
 * pages and data refer to, so only those are copied (a draft's images stay behind).
 */
export class OutputFiles {
  readonly mediaRefs = new Set<string>()

  constructor(readonly root: string) {}

  async write(path: string, content: string | Uint8Array): Promise<void> {
    const target = join(this.root, ...path.split('/'))
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, content)
    const text = typeof content === 'string' ? content : /\.(xml|json)$/.test(path) ? Buffer.from(content).toString('utf8') : ''
    for (const m of text.matchAll(MEDIA_REF)) this.mediaRefs.add(m[1])
  }

  /** The client build (hashed assets, favicon), without Vite's manifest folder. */
  async copyClient(clientDir: string): Promise<void> {
    await cp(clientDir, this.root, { recursive: true, filter: (src) => !src.split(sep).includes('.vite') })
  }

  /** The referenced files of the data folder's media/, under media/. Returns how many were missing. */
  async copyMedia(mediaDir: string): Promise<{ copied: number; missing: string[] }> {
    let copied = 0
    const missing: string[] = []
    for (const ref of [...this.mediaRefs].sort()) {
      let rel: string
      try {
        rel = decodeURI(ref)
      } catch {
        continue
      }
      const parts = rel.split('/')
      if (parts.some((p) => p === '' || p === '.' || p === '..')) continue
      const source = join(mediaDir, ...parts)
      // A figure's WebP variants are made on first request when served; a build makes those its pages use.
      const variant = parts.length === 2 && parts[0] === 'assets' ? parseAssetFileName(parts[1]) : null
      if (variant?.kind === 'variant') await new AssetStore(dirname(mediaDir)).variant(variant.hash, variant.width)
      const info = await stat(source).catch(() => null)
      if (!info?.isFile()) {
        missing.push(`/media/${rel}`)
        continue
      }
      const target = join(this.root, 'media', ...parts)
      await mkdir(dirname(target), { recursive: true })
      await copyFile(source, target)
      copied++
    }
    return { copied, missing }
  }

  /** How many files and bytes the folder holds now. */
  async totals(dir = this.root): Promise<{ files: number; bytes: number }> {
    let files = 0
    let bytes = 0
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        const sub = await this.totals(path)
        files += sub.files
        bytes += sub.bytes
      } else if (entry.isFile()) {
        files++
        bytes += (await stat(path)).size
      }
    }
    return { files, bytes }
  }
}
