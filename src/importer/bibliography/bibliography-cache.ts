import { readFileSync, statSync } from 'node:fs'
import { parseBibliography, type ParsedBibliography } from './parse-bibliography.js'

/** Larger than any real bibliography (d2l's 488 entries are 150 KB): a guard against reading a stray huge file. */
const MAX_BYTES = 20 * 1024 * 1024
const MAX_FILES = 64

const cache = new Map<string, { identity: string; parsed: ParsedBibliography }>()

/**
 * A bibliography file's entries, parsed once per thread while the file is unchanged (same size
 * and modification time): parsing d2l.bib takes about 0.4 s, and every chapter of the book cites
 * from it. The entry objects stay the same between calls, so formatted entries can be cached by them.
 */
export function loadBibliographyFile(path: string): ParsedBibliography {
  let identity: string
  try {
    const stat = statSync(path)
    if (!stat.isFile()) return { entries: [], problem: 'not a file' }
    if (stat.size > MAX_BYTES) return { entries: [], problem: `larger than ${MAX_BYTES / 1024 / 1024} MB` }
    identity = `${stat.size}:${stat.mtimeMs}`
  } catch {
    return { entries: [], problem: 'file not found' }
  }
  const hit = cache.get(path)
  if (hit?.identity === identity) return hit.parsed
  let parsed: ParsedBibliography
  try {
    parsed = parseBibliography(path, readFileSync(path, 'utf8'))
  } catch (e) {
    parsed = { entries: [], problem: `could not be read (${(e as Error).message})` }
  }
  cache.delete(path)
  cache.set(path, { identity, parsed })
  if (cache.size > MAX_FILES) cache.delete(cache.keys().next().value as string)
  return parsed
}
