import { AsyncLocalStorage } from 'node:async_hooks'
import { copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { AssetStore } from '../media/asset-store.js'
import { parseAssetFileName } from '../media/asset-types.js'
import { compressedCopies, isCompressible } from './precompress.js'

/** Root-relative media addresses in written text: `/media/banner.png`, also under a base. Not `&quot;` after one in escaped markup (feeds). */
const MEDIA_REF = /\/media\/([^"'\s?#()<>\\&]+)/g

/**
 * The build's record of what it wrote, in the output folder: per unit (a page, a social card, a
 * data file, a media file…) a hash of everything the unit is made from, the files it wrote and
 * the media its text refers to. The next build keeps a unit whose hash is the same by linking its
 * files from the earlier folder, without rendering, compressing or writing them again.
 */
export const MANIFEST_FILE = '.scholia-manifest.json'
/** Bump when the build writes its files differently for the same inputs. */
export const MANIFEST_FORMAT = 1

export interface ManifestEntry {
  hash: string
  files: string[]
  refs: string[]
}

export interface Manifest {
  format: number
  entries: Record<string, ManifestEntry>
}

/** The manifest of the build in `dir`, or null (no earlier build, another format, unreadable). */
export async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Manifest
    return manifest.format === MANIFEST_FORMAT && typeof manifest.entries === 'object' && manifest.entries !== null
      ? manifest
      : null
  } catch {
    return null
  }
}

/** How many compressions may run at once on libuv's thread pool (4 threads by default). */
const COMPRESSING = 4

/**
 * Writes the build's files into the staging folder, each text file with its `.br` and `.gz`
 * copies, and notes which media files the written pages and data refer to, so only those are
 * copied (a draft's images stay behind). Files are written in units (see MANIFEST_FILE): a unit
 * whose inputs did not change since the earlier build is linked from it instead.
 */
export class OutputFiles {
  readonly mediaRefs = new Set<string>()
  /** Files written by this build, and files kept (linked) from the earlier one. */
  written = 0
  kept = 0
  private readonly entries: Record<string, ManifestEntry> = {}
  /** The unit whose `produce` is running: units may run at once (social cards beside pages). */
  private readonly scope = new AsyncLocalStorage<ManifestEntry>()
  /** Folders made in the staging folder, and files linked there from the earlier build. */
  private readonly folders = new Set<string>()
  private readonly linked = new Set<string>()
  private readonly compressing = new Set<Promise<void>>()
  private failure: unknown = null

  /** `previous`: the earlier build's folder and manifest, whose unchanged units are kept. */
  constructor(
    readonly root: string,
    private readonly previous: { dir: string; manifest: Manifest } | null = null,
  ) {}

  /**
   * One unit of the build: kept from the earlier build when it has `key` with the same `hash`
   * and all its files are still there, else made by `produce` (whose writes belong to it, even
   * when other units are being made at the same time). Returns whether it was kept.
   */
  async unit(key: string, hash: string, produce: () => Promise<void>): Promise<boolean> {
    const before = this.previous?.manifest.entries[key]
    if (before && before.hash === hash && (await this.keep(before.files))) {
      this.entries[key] = before
      for (const ref of before.refs) this.mediaRefs.add(ref)
      this.kept += before.files.length
      return true
    }
    const entry: ManifestEntry = { hash, files: [], refs: [] }
    this.entries[key] = entry
    await this.scope.run(entry, produce)
    return false
  }

  /** Whether the earlier build made the unit `key` from the same inputs (so `unit` will likely keep it). */
  unchanged(key: string, hash: string): boolean {
    return this.previous?.manifest.entries[key]?.hash === hash
  }

  /** Links the earlier build's files into the staging folder; false (and nothing linked) if one is missing. */
  private async keep(files: string[]): Promise<boolean> {
    const done: string[] = []
    for (const file of files) {
      const target = this.path(file)
      try {
        await this.folder(dirname(target))
        const source = join(this.previous!.dir, ...file.split('/'))
        await link(source, target).catch(async (e: NodeJS.ErrnoException) => {
          // another file system or one without hard links: a copy does
          if (e.code === 'ENOENT' || e.code === 'EEXIST') throw e
          await copyFile(source, target)
        })
        done.push(target)
        this.linked.add(target)
      } catch {
        await Promise.all(done.map((t) => rm(t, { force: true })))
        return false
      }
    }
    return true
  }

  /** Makes a folder of the staging folder once (a build writes thousands of files into a few hundred). */
  private async folder(dir: string): Promise<void> {
    if (this.folders.has(dir)) return
    await mkdir(dir, { recursive: true })
    this.folders.add(dir)
  }

  private path(file: string): string {
    return join(this.root, ...file.split('/'))
  }

  private record(file: string, refs: Iterable<string> = []): void {
    this.written++
    const current = this.scope.getStore()
    if (!current) return
    current.files.push(file)
    for (const ref of refs) current.refs.push(ref)
  }

  async write(path: string, content: string | Uint8Array): Promise<void> {
    const target = this.path(path)
    await this.folder(dirname(target))
    // never write through a link into the earlier build's file
    if (this.linked.delete(target)) await rm(target, { force: true })
    // encoded once, for the file and its compressed copies
    const bytes = typeof content === 'string' ? Buffer.from(content) : content
    await writeFile(target, bytes)
    const text =
      typeof content === 'string' ? content : /\.(xml|json)$/.test(path) ? Buffer.from(content).toString('utf8') : ''
    const refs = new Set<string>()
    for (const m of text.matchAll(MEDIA_REF)) refs.add(m[1])
    for (const ref of refs) this.mediaRefs.add(ref)
    this.record(path, [...refs].sort())
    if (isCompressible(path, bytes.length)) await this.compress(path, bytes)
  }

  /** Starts the `.br` and `.gz` copies of a file; `settle` waits for them. */
  private async compress(path: string, bytes: Uint8Array): Promise<void> {
    while (this.compressing.size >= COMPRESSING) await Promise.race(this.compressing)
    const entry = this.scope.getStore()
    const job = compressedCopies(bytes)
      .then(async ({ br, gz }) => {
        await writeFile(`${this.path(path)}.br`, br)
        await writeFile(`${this.path(path)}.gz`, gz)
        this.written += 2
        entry?.files.push(`${path}.br`, `${path}.gz`)
      })
      .catch((e: unknown) => {
        this.failure ??= e
      })
      .finally(() => this.compressing.delete(job))
    this.compressing.add(job)
  }

  /** Waits for the compressions still running; throws the first that failed. */
  async settle(): Promise<void> {
    await Promise.all(this.compressing)
    if (this.failure) throw this.failure
  }

  /**
   * The client build (hashed assets, favicon), without Vite's manifest folder. Its scripts and
   * styles mostly come with their compressed copies (scripts/build.mjs); the rest get them here.
   */
  async copyClient(clientDir: string): Promise<void> {
    const files = await filesUnder(clientDir)
    const present = new Set(files)
    for (const file of files) {
      if (file.split('/').includes('.vite')) continue
      const source = join(clientDir, ...file.split('/'))
      const target = this.path(file)
      await this.folder(dirname(target))
      await copyFile(source, target)
      this.record(file)
      if (present.has(`${file}.br`) && present.has(`${file}.gz`)) continue
      const info = await stat(source)
      if (isCompressible(file, info.size)) await this.compress(file, await readFile(source))
    }
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
      let info = await stat(source).catch(() => null)
      // A figure's WebP variants are made on first request when served; a build makes those its pages use.
      const variant = parts.length === 2 && parts[0] === 'assets' ? parseAssetFileName(parts[1]) : null
      if (!info && variant?.kind === 'variant') {
        await new AssetStore(dirname(mediaDir)).variant(variant.hash, variant.width)
        info = await stat(source).catch(() => null)
      }
      if (!info?.isFile()) {
        missing.push(`/media/${rel}`)
        continue
      }
      const file = ['media', ...parts].join('/')
      await this.unit(`media:${rel}`, `${info.size}:${info.mtimeMs}`, async () => {
        const target = this.path(file)
        await this.folder(dirname(target))
        await copyFile(source, target)
        this.record(file)
        if (isCompressible(file, info.size)) await this.compress(file, await readFile(source))
      })
      copied++
    }
    return { copied, missing }
  }

  /** Writes the manifest of this build (sorted, so the same inputs give the same bytes). */
  async writeManifest(): Promise<void> {
    await this.settle()
    const entries: Record<string, ManifestEntry> = {}
    for (const key of Object.keys(this.entries).sort()) {
      const { hash, files, refs } = this.entries[key]
      entries[key] = { hash, files: [...files].sort(), refs }
    }
    const manifest: Manifest = { format: MANIFEST_FORMAT, entries }
    await writeFile(this.path(MANIFEST_FILE), `${JSON.stringify(manifest)}\n`)
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

/** Every file under `dir`, as '/'-separated paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}
