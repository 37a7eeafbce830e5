import { readFile } from 'node:fs/promises'
import { dataFolder } from '../core/data-folder.js'
import type { PostMeta } from '../shared/schemas/index.js'
import { writeFileAtomic } from '../core/atomic-file.js'
import { SearchIndex, type IndexJSON } from './search-index.js'

/** Bump whenever tokenising, fields or the vectors change: an older snapshot is then rebuilt. */
const SNAPSHOT_VERSION = 4

/** What identifies a post's indexed version: any edit bumps its revision and update time. */
export const stampOf = (meta: PostMeta): string => `${meta.rev}:${meta.updatedAt}`

const fileIn = (dataDir: string) => dataFolder(dataDir).searchSnapshot

/**
 * The search index saved in the data folder, so a restart reads one file instead of every
 * post body. It is only a cache: the loader compares each post's stamp with the store and
 * re-indexes what differs, and anything unreadable is ignored (the index is rebuilt).
 */
export async function loadSnapshot(dataDir: string): Promise<SearchIndex | null> {
  let text: string
  try {
    text = await readFile(fileIn(dataDir), 'utf8')
  } catch {
    return null
  }
  try {
    const json = JSON.parse(text) as { version?: number; index?: IndexJSON }
    return json.version === SNAPSHOT_VERSION && json.index ? new SearchIndex(json.index) : null
  } catch {
    return null
  }
}

export async function saveSnapshot(dataDir: string, index: SearchIndex): Promise<void> {
  await writeFileAtomic(fileIn(dataDir), JSON.stringify({ version: SNAPSHOT_VERSION, index }))
}
