import { readFile } from 'node:fs/promises'
import type { Adapter } from 'lowdb'
import { writeFileAtomic } from '../core/atomic-file.js'
import { damagedFile } from './store-errors.js'

export interface JsonFileRules<T> {
  /** Turns the parsed JSON into T, throwing a damagedFile error that names what is wrong. */
  parse: (raw: unknown) => T
  /** What the owner should do when the file cannot be read or is not JSON. */
  fix: string
  /** Runs before every write; throws when the writer may not write now (it lacks the store lock). */
  guard?: () => void
  /** false when the caller makes the renames durable itself, once for several files (a commit's shards). */
  syncDir?: boolean
}

/**
 * lowdb adapter for one JSON file of the data folder, so `Low.read()` and `Low.write()` are the
 * path to it. lowdb's own JSONFile writes a fixed temp name with no fsync, which loses data when
 * several processes write (STACK.md); this one writes a unique temp file, fsyncs it and renames
 * it over the target, and only when its guard says the store lock is held. Reads validate: a file
 * that is cut short or the wrong shape is refused with the file's name, never taken as empty.
 * A missing file reads as null, which Low leaves its data unchanged for: callers that must tell
 * "missing" from "unchanged" clear `data` first (see IndexFiles).
 * It never switches to memory under NODE_ENV=test, unlike JSONFilePreset.
 */
export class JsonFileAdapter<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly rules: JsonFileRules<T>,
  ) {}

  async read(): Promise<T | null> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw damagedFile(this.path, `could not be read (${(e as Error).message}).`, this.rules.fix)
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (e) {
      throw damagedFile(
        this.path,
        `is not valid JSON (${(e as Error).message}); it may have been cut short.`,
        this.rules.fix,
      )
    }
    return this.rules.parse(raw)
  }

  async write(data: T): Promise<void> {
    this.rules.guard?.()
    await writeFileAtomic(this.path, JSON.stringify(data), { syncDir: this.rules.syncDir })
  }
}
