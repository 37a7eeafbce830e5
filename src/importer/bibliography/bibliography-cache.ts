import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import core from '@citation-js/core'
import type { CslEntry } from '../../shared/schemas/index.js'
import { useFormattedEntryStore } from '../../markdown/citations/csl-engine.js'
import { formattedEntryStore, pruneCached, readCached, writeCached } from './data-folder-cache.js'
import { parseBibliography, type ParsedBibliography } from './parse-bibliography.js'

/** Larger than any real bibliography (d2l's 488 entries are 150 KB): a guard against reading a stray huge file. */
const MAX_BYTES = 20 * 1024 * 1024
const MAX_FILES = 64
/** Bump when parseBibliography reads a file differently (it is part of every cache key). */
const PARSE_VERSION = 1

interface Loaded {
  identity: string
  /** The content's cache key (see parsedKey). */
  key: string
  parsed: ParsedBibliography
  /** The data folder this parse was read back from, if it was. */
  readFrom: string | undefined
  /** Data folders whose cache holds this parse, and whose formatted entries these entries use. */
  folders: Set<string>
}

const cache = new Map<string, Loaded>()

/**
 * A bibliography file's entries, parsed once per thread while the file is unchanged (same size
 * and modification time): parsing d2l.bib takes about 0.3 s, and every chapter of the book cites
 * from it. The entry objects stay the same between calls, so formatted entries can be cached by
 * them. With a data folder, the parse is also kept there by the file's content (another worker,
 * or the next import, reads it back instead of parsing again) and the entries' formatting is
 * looked for and kept there too (see formatEntry).
 */
export function loadBibliographyFile(path: string, dataDir?: string): ParsedBibliography {
  let identity: string
  try {
    const stat = statSync(path)
    if (!stat.isFile()) return { entries: [], problem: 'not a file' }
    if (stat.size > MAX_BYTES) return { entries: [], problem: `larger than ${MAX_BYTES / 1024 / 1024} MB` }
    identity = `${stat.size}:${stat.mtimeMs}`
  } catch {
    return { entries: [], problem: 'file not found' }
  }
  let loaded = cache.get(path)
  if (loaded?.identity !== identity) {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (e) {
      return { entries: [], problem: `could not be read (${(e as Error).message})` }
    }
    const key = parsedKey(path, text)
    const stored = dataDir ? storedParse(dataDir, key) : undefined
    loaded = {
      identity,
      key,
      parsed: stored ?? parseSafely(path, text),
      readFrom: stored ? dataDir : undefined,
      folders: new Set(),
    }
    cache.delete(path)
    cache.set(path, loaded)
    if (cache.size > MAX_FILES) cache.delete(cache.keys().next().value as string)
  }
  if (dataDir && !loaded.folders.has(dataDir)) {
    loaded.folders.add(dataDir)
    if (loaded.readFrom !== dataDir) {
      writeCached(dataDir, 'parsed', loaded.key, loaded.parsed)
      pruneCached(dataDir)
    }
    useFormattedEntryStore(loaded.parsed.entries, formattedEntryStore(dataDir))
  }
  return loaded.parsed
}

function parseSafely(path: string, text: string): ParsedBibliography {
  try {
    return parseBibliography(path, text)
  } catch (e) {
    return { entries: [], problem: `could not be read (${(e as Error).message})` }
  }
}

/** The parse's cache key: sha256 of the parser's version, the file's kind (.json or BibTeX) and its text. */
function parsedKey(path: string, text: string): string {
  const kind = /\.json$/i.test(path) ? 'csl-json' : 'bibtex'
  return createHash('sha256')
    .update(`scholia-bib-v${PARSE_VERSION}\0citation-js ${(core as { version?: string }).version ?? '?'}\0${kind}\0`)
    .update(text)
    .digest('hex')
}

/** A parse kept in the data folder, if there is one and it has the shape of one. */
function storedParse(dataDir: string, key: string): ParsedBibliography | undefined {
  const value = readCached(dataDir, 'parsed', key) as { entries?: unknown; problem?: unknown } | undefined
  if (!value || !Array.isArray(value.entries) || (value.problem !== undefined && typeof value.problem !== 'string'))
    return undefined
  if (!value.entries.every(isEntry)) return undefined
  return value.problem === undefined ? { entries: value.entries } : { entries: value.entries, problem: value.problem }
}

function isEntry(value: unknown): value is CslEntry {
  const entry = value as Partial<CslEntry> | null
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.type === 'string' &&
    (entry.title === undefined || typeof entry.title === 'string')
  )
}
