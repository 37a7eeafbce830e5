import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { ensureDir, writeFileAtomic } from '../core/atomic-file.js'
import { dataFolder } from '../core/data-folder.js'
import { EssayAnchorSchema, type EssayAnchor } from '../shared/schemas/index.js'

/** The labels of one body revision of a post. */
export interface KnownAnchors {
  bodyRev: number
  anchors: EssayAnchor[]
}

/**
 * `cache/essay-labels.json`: every post's labels (d2l's `sec_…`, figures, equations) by body
 * revision, so that resolving a cross-reference after a start reads this one small file (150 kB
 * for the corpus) instead of every essay's body (48 MB; 0.4 s before the first post page that
 * links to another could be sent). An entry states a fact about one body revision, and a body
 * revision never changes, so processes that write the file in turn lose nothing but entries,
 * which cost a body read. Never throws: a cache that cannot be read or written is no cache.
 */
const FileSchema = z.object({
  version: z.literal(1),
  posts: z.array(z.object({ id: z.number().int(), bodyRev: z.number().int(), anchors: z.array(EssayAnchorSchema) })),
})

export async function readAnchorCache(dataDir: string): Promise<Map<number, KnownAnchors>> {
  const kept = await readFile(dataFolder(dataDir).essayLabels, 'utf8')
    .then((text) => FileSchema.safeParse(JSON.parse(text)))
    .catch(() => null)
  const known = new Map<number, KnownAnchors>()
  if (kept?.success) for (const { id, bodyRev, anchors } of kept.data.posts) known.set(id, { bodyRev, anchors })
  return known
}

export async function writeAnchorCache(dataDir: string, known: ReadonlyMap<number, KnownAnchors>): Promise<void> {
  const folder = dataFolder(dataDir)
  try {
    // never brings back a data folder that is gone
    if (!existsSync(folder.root)) return
    await ensureDir(folder.cacheDir)
    const posts = [...known].map(([id, { bodyRev, anchors }]) => ({ id, bodyRev, anchors }))
    await writeFileAtomic(folder.essayLabels, JSON.stringify({ version: 1, posts }), { syncDir: false })
  } catch {
    // the next process reads the bodies again
  }
}
