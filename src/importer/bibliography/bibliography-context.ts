import { basename } from 'node:path'
import type { CslEntry, EssayWarning } from '../../shared/schemas/index.js'
import type { EssayInput, ParsedEssay } from '../parse/index.js'
import { loadBibliographyFile } from './bibliography-cache.js'
import { bibliographySources } from './bibliography-sources.js'

/** The entries an essay may cite, and what went wrong finding or reading its bibliography files. */
export interface EssayBibliography {
  entries: ReadonlyMap<string, CslEntry>
  warnings: EssayWarning[]
}

/** Merged maps by the files they come from: every chapter of a book shares one map (and its entries). */
const merged = new Map<string, ReadonlyMap<string, CslEntry>>()
const MAX_MERGED = 64

/**
 * The entries an essay may cite, from its own bibliography files (see bibliographySources);
 * undefined when it has none. The first file that defines a key wins. Never throws: a missing
 * or broken file is a warning for the import report. With the data folder, parsed files and
 * formatted entries are cached there (see bibliography-cache.ts).
 */
export function bibliographyFor(
  essay: EssayInput,
  parsed: ParsedEssay,
  dataDir?: string,
): EssayBibliography | undefined {
  const sources = bibliographySources(essay.path, essay.root, parsed.frontmatter)
  if (sources.length === 0) return undefined
  const warnings: EssayWarning[] = []
  const files: string[] = []
  const lists: CslEntry[][] = []
  for (const source of sources) {
    if ('missing' in source) {
      warnings.push({ rule: 'bibliography-file', message: `Bibliography "${source.missing}": ${source.reason}` })
      continue
    }
    const loaded = loadBibliographyFile(source.path, dataDir)
    if (loaded.problem)
      warnings.push({ rule: 'bibliography-file', message: `Bibliography ${basename(source.path)}: ${loaded.problem}` })
    files.push(source.path)
    lists.push(loaded.entries)
  }
  return { entries: mergedEntries(files, lists), warnings }
}

function mergedEntries(files: string[], lists: CslEntry[][]): ReadonlyMap<string, CslEntry> {
  // Loads are cached, so the same lists mean the same files unchanged.
  const hit = merged.get(files.join('\0'))
  if (hit && sameLists(hit, lists)) return hit
  const map = new Map<string, CslEntry>()
  for (const list of lists) for (const entry of list) if (!map.has(entry.id)) map.set(entry.id, entry)
  lastLists.set(map, lists)
  merged.set(files.join('\0'), map)
  if (merged.size > MAX_MERGED) merged.delete(merged.keys().next().value as string)
  return map
}

const lastLists = new WeakMap<ReadonlyMap<string, CslEntry>, CslEntry[][]>()

function sameLists(map: ReadonlyMap<string, CslEntry>, lists: CslEntry[][]): boolean {
  const previous = lastLists.get(map)
  return previous !== undefined && previous.length === lists.length && previous.every((l, i) => l === lists[i])
}
