import { readFile, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { dataFolder } from '../../core/data-folder.js'
import { ensureDir, writeFileAtomic } from '../../core/atomic-file.js'

/**
 * What an unchanged re-import knows without reading a file: for each essay file read before,
 * its fingerprint (device, inode, size, and modification and change times to the nanosecond,
 * as git's index keeps them) and the source hash of the text it then held. A file whose
 * fingerprint is the one kept held that text, so its post is unchanged without the file being
 * read and decoded again; any write to it moves its change time, which no tool sets back
 * (copying with `cp -p` keeps the modification time, not the change time).
 *
 * Kept in `cache/import-sources.json`, for the render version that made the hashes (a new one
 * ignores the file). Entries only ever state facts (this fingerprint, this text), so processes
 * that write the file in turn lose nothing but entries, which cost a read. Never throws: a
 * cache that cannot be read or written is no cache.
 */
const FileSchema = z.object({
  renderVersion: z.number(),
  files: z.record(z.string(), z.object({ fingerprint: z.string(), hash: z.string() })),
})

/**
 * A file changed this recently may change again within the clock's tick its times were taken
 * at, to the same size: its fingerprint is not kept, and the next import reads it.
 */
const SETTLED_MS = 3_000

export class SourceFingerprints {
  private dirty = false

  private constructor(
    private readonly dataDir: string,
    private readonly renderVersion: number,
    private readonly files: Map<string, { fingerprint: string; hash: string }>,
  ) {}

  static async open(dataDir: string, renderVersion: number): Promise<SourceFingerprints> {
    const path = dataFolder(dataDir).importSources
    const kept = await readFile(path, 'utf8')
      .then((text) => FileSchema.safeParse(JSON.parse(text)))
      .catch(() => null)
    const files =
      kept?.success && kept.data.renderVersion === renderVersion ? new Map(Object.entries(kept.data.files)) : new Map()
    return new SourceFingerprints(dataDir, renderVersion, files)
  }

  /** The file's fingerprint now; null when it is no plain file, cannot be read, or changed too recently to trust. */
  static async of(file: string, now = Date.now()): Promise<string | null> {
    try {
      const s = await stat(file, { bigint: true })
      if (!s.isFile()) return null
      if (now - Number(s.mtimeMs) < SETTLED_MS || now - Number(s.ctimeMs) < SETTLED_MS) return null
      return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`
    } catch {
      return null
    }
  }

  /** The source hash of what `file` held when it had this fingerprint, if known. */
  hashOf(file: string, fingerprint: string): string | undefined {
    const kept = this.files.get(file)
    return kept?.fingerprint === fingerprint ? kept.hash : undefined
  }

  remember(file: string, fingerprint: string, hash: string): void {
    const kept = this.files.get(file)
    if (kept?.fingerprint === fingerprint && kept.hash === hash) return
    this.files.set(file, { fingerprint, hash })
    this.dirty = true
  }

  /** Writes what changed, keeping only the files `keep` still names (the sources of posts). */
  async save(keep: (file: string) => boolean): Promise<void> {
    for (const file of this.files.keys())
      if (!keep(file)) {
        this.files.delete(file)
        this.dirty = true
      }
    if (!this.dirty) return
    const folder = dataFolder(this.dataDir)
    try {
      // never brings back a data folder that is gone
      if (!existsSync(folder.root)) return
      await ensureDir(folder.cacheDir)
      const body = JSON.stringify({ renderVersion: this.renderVersion, files: Object.fromEntries(this.files) })
      await writeFileAtomic(folder.importSources, body, { syncDir: false })
      this.dirty = false
    } catch {
      // the next import reads the files again
    }
  }
}
