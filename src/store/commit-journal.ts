import { readFile, unlink } from 'node:fs/promises'
import { z } from 'zod'
import { PostMetaSchema } from '../shared/schemas/index.js'
import { writeFileAtomic } from '../core/atomic-file.js'
import { DbSchema, type DbData } from './db-schema.js'
import { IndexFiles } from './index-files.js'
import { SHARD_COUNT, type Layout, type ShardFile } from './post-files.js'
import { damagedFile, firstIssue, REPAIR_COMMAND } from './store-errors.js'

/**
 * A commit that replaces several files (shards and db.json) is not atomic by renames alone: a
 * process killed between two renames would leave half a transaction on disk (half an import,
 * a post without the counter that gave its id). So such a commit first writes the full new
 * contents of every file it will replace into one journal (a single atomic rename: the commit
 * point), then replaces the files, then deletes the journal. Whoever takes the lock next and
 * finds a journal finishes that commit (roll forward): the bodies it points at were synced
 * before it was written. Single-file commits skip it, their rename is already atomic.
 */
export interface JournalEntry {
  /** Shard number → its full new contents. */
  shards: Record<string, ShardFile>
  db: DbData | null
}

export interface JournalTarget {
  journal: string
}

export async function writeJournal(files: JournalTarget, entry: JournalEntry): Promise<void> {
  await writeFileAtomic(files.journal, JSON.stringify(entry))
}

/** Replace every file the entry names, through their Low; the renames are durable before returning. */
export async function applyEntry(index: IndexFiles, entry: JournalEntry): Promise<void> {
  await index.write(entry.shards, entry.db)
}

export async function clearJournal(files: JournalTarget): Promise<void> {
  await unlink(files.journal).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e
  })
}

const JournalSchema = z.object({
  shards: z.record(
    z.string().refine((k) => /^\d+$/.test(k) && Number(k) < SHARD_COUNT, 'not a shard number'),
    z.object({ posts: z.array(PostMetaSchema) }),
  ),
  db: DbSchema.nullable(),
})

const JOURNAL_FIX = `Run \`${REPAIR_COMMAND}\`: it sets the journal aside and restores into the index every post whose body is on disk.`

/**
 * The journal on disk, validated; null when there is none. It is written by one atomic rename,
 * so a damaged one means the disk or someone's hands changed it: it is never applied then
 * (half a commit's contents over good shards would lose posts), and the error names it.
 */
export async function readJournal(path: string): Promise<JournalEntry | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw damagedFile(path, `could not be read (${(e as Error).message}).`, JOURNAL_FIX)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw damagedFile(
      path,
      `(an unfinished commit) is not valid JSON (${(e as Error).message}); it was cut short or damaged.`,
      JOURNAL_FIX,
    )
  }
  const parsed = JournalSchema.safeParse(raw)
  if (!parsed.success)
    throw damagedFile(path, `(an unfinished commit) is not a valid commit: ${firstIssue(parsed.error)}.`, JOURNAL_FIX)
  return parsed.data as JournalEntry
}

/**
 * Finish a commit whose writer died after its commit point. Call inside the lock: a live
 * writer holds the lock for as long as its journal exists, so one seen here is an orphan.
 * Returns whether there was one. A journal cut short never renamed, so it is never read.
 */
export async function recoverJournal(target: Layout | IndexFiles): Promise<boolean> {
  const index = target instanceof IndexFiles ? target : new IndexFiles(target)
  const entry = await readJournal(index.files.journal)
  if (!entry) return false
  await applyEntry(index, entry)
  await clearJournal(index.files)
  return true
}
