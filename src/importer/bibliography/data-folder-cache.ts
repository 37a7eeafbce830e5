import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { FormattedEntry, FormattedEntryStore } from '../../markdown/citations/csl-engine.js'
import { dataFolder } from '../../core/data-folder.js'

/**
 * What the data folder keeps of bibliographies, under `cache/bibliography/`: `parsed/KEY.json`,
 * a .bib file's entries by the file's content, and `formatted/KEY.json`, an entry as the style
 * formats it by the entry's content, style and code versions (see csl-engine.ts). A key is a
 * sha256 of everything the value depends on, so a changed file or entry is a new key, never a
 * stale value; a file is written whole under a temporary name and renamed into place, so render
 * workers and processes sharing the folder read either nothing or all of it. Deleting the
 * folder loses nothing but time. Never throws: a cache that cannot be read or written is no cache.
 */
export type CacheKind = 'parsed' | 'formatted'

/** Files kept of each kind: when a kind has more, the oldest written go, down to three quarters. */
export const CACHE_LIMITS: Record<CacheKind, number> = { parsed: 128, formatted: 20_000 }
/** A temporary file this old was left by a writer that died before renaming it. */
const STALE_TEMP_MS = 10 * 60_000

const made = new Set<string>()
let written = 0

export function cacheFolder(dataDir: string, kind: CacheKind): string {
  return dataFolder(dataDir).bibliographyCacheDir(kind)
}

/** The value kept under `key`, parsed; undefined when there is none or it cannot be read. */
export function readCached(dataDir: string, kind: CacheKind, key: string): unknown {
  try {
    return JSON.parse(readFileSync(join(cacheFolder(dataDir, kind), `${key}.json`), 'utf8')) as unknown
  } catch {
    return undefined
  }
}

/** Keeps `value` under `key`, replacing any. */
export function writeCached(dataDir: string, kind: CacheKind, key: string, value: unknown): void {
  const folder = cacheFolder(dataDir, kind)
  const file = join(folder, `${key}.json`)
  const temp = `${file}.${process.pid}-${threadId}-${written++}.tmp`
  try {
    if (!made.has(folder)) {
      // Never brings back a data folder that is gone.
      if (!existsSync(dataDir)) return
      mkdirSync(folder, { recursive: true })
      made.add(folder)
    }
    writeFileSync(temp, JSON.stringify(value))
    renameSync(temp, file)
  } catch {
    made.delete(folder)
    remove(temp)
  }
}

/**
 * Keeps the cache within CACHE_LIMITS and clears temporary files left by dead writers. Called when
 * a bibliography file's content is new to the folder: only then can formatted entries grow.
 */
export function pruneCached(dataDir: string, limits: Record<CacheKind, number> = CACHE_LIMITS): void {
  for (const kind of Object.keys(limits) as CacheKind[]) {
    try {
      pruneFolder(cacheFolder(dataDir, kind), limits[kind])
    } catch {
      // a folder that cannot be listed or read is left as it is
    }
  }
}

function pruneFolder(folder: string, limit: number): void {
  if (!existsSync(folder)) return
  const now = Date.now()
  const kept: Array<{ path: string; mtimeMs: number }> = []
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (name.endsWith('.tmp')) {
      const stat = statSync(path, { throwIfNoEntry: false })
      if (stat && now - stat.mtimeMs > STALE_TEMP_MS) remove(path)
    } else if (name.endsWith('.json')) kept.push({ path, mtimeMs: 0 })
  }
  if (kept.length <= limit) return
  for (const file of kept) file.mtimeMs = statSync(file.path, { throwIfNoEntry: false })?.mtimeMs ?? 0
  kept.sort((a, b) => a.mtimeMs - b.mtimeMs)
  for (const file of kept.slice(0, kept.length - Math.floor((limit * 3) / 4))) remove(file.path)
}

function remove(path: string): void {
  try {
    rmSync(path, { force: true })
  } catch {
    // another process may have removed it, or the folder is read-only: either way, no harm
  }
}

const stores = new Map<string, FormattedEntryStore>()

/** The formatted entries kept in `dataDir`, as formatEntry looks them up. */
export function formattedEntryStore(dataDir: string): FormattedEntryStore {
  let store = stores.get(dataDir)
  if (!store) {
    store = {
      get: (key) => {
        const value = readCached(dataDir, 'formatted', key)
        return isFormattedEntry(value)
          ? { label: value.label, author: value.author, year: value.year, html: value.html }
          : undefined
      },
      set: (key, value) => writeCached(dataDir, 'formatted', key, value),
    }
    stores.set(dataDir, store)
  }
  return store
}

function isFormattedEntry(value: unknown): value is FormattedEntry {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.label === 'string' &&
    typeof v.author === 'string' &&
    typeof v.year === 'string' &&
    typeof v.html === 'string'
  )
}
