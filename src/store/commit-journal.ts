import { readFile, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { PostMetaSchema } from '../shared/schemas/index.js'
import { syncDir, writeFileAtomic } from '../core/atomic-file.js'
import { DbSchema, type DbData } from './db-schema.js'
import { SHARD_COUNT, type ShardFile } from './post-files.js'
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
  shard: (n: number) => string
  db: string
}

export async function writeJournal(files: JournalTarget, entry: JournalEntry): Promise<void> {
  await writeFileAtomic(files.journal, JSON.stringify(entry))
}

/** Replace every file the entry names; the renames are made durable before returning. */
export async function applyEntry(files: JournalTarget, entry: JournalEntry): Promise<void> {
  const shards = Object.entries(entry.shards)
  await Promise.all(shards.map(([n, shard]) => writeFileAtomic(files.shard(Number(n)), JSON.stringify(shard), { syncDir: false })))
  if (shards.length) await syncDir(dirname(files.shard(0)))
  if (entry.db) await writeFileAtomic(files.db, JSON.stringify(entry.db))
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
    throw damagedFile(path, `(an unfinished commit) is not valid JSON (${(e as Error).message}); it was cut short or damaged.`, JOURNAL_FIX)
  }
  const parsed = JournalSchema.safeParse(raw)
  if (!parsed.success) throw damagedFile(path, `(an unfinished commit) is not a valid commit: ${firstIssue(parsed.error)}.`, JOURNAL_FIX)
  return parsed.data as JournalEntry
}

/**
 * Finish a commit whose writer died after its commit point. Call inside the lock: a live
 * writer holds the lock for as long as its journal exists, so one seen here is an orphan.
 * Returns whether there was one. A journal cut short never renamed, so it is never read.
 */
export async function recoverJournal(files: JournalTarget): Promise<boolean> {
  const entry = await readJournal(files.journal)
  if (!entry) return false
  await applyEntry(files, entry)
  await clearJournal(files)
  return true
}
