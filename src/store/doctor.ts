import { createHash } from 'node:crypto'
import { readFile, rename, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { PostBodySchema, PostMetaSchema, type PostBody, type PostMeta } from '../shared/schemas/index.js'
import { countReading } from '../shared/word-count.js'
import { readTimeFor } from '../shared/read-time.js'
import { slugify, uniqueSlug } from '../shared/slug.js'
import { writeFileAtomic } from '../core/atomic-file.js'
import { readJournal, recoverJournal } from './commit-journal.js'
import { IndexFiles } from './index-files.js'
import { damagedAside } from '../core/data-folder.js'
import { DbSchema, emptyDb, SCHEMA_VERSION, type DbData } from './db-schema.js'
import { bodyRevisions, readShard } from './folder-scan.js'
import { StoreLock } from './lock.js'
import { layout, shardOf, SHARD_COUNT, type Layout } from './post-files.js'
import { REPAIR_COMMAND } from './store-errors.js'

export interface DoctorProblem {
  /** The file (or folder) that is wrong, absolute. */
  file: string
  problem: string
  fix: string
}

export interface DoctorReport {
  dataDir: string
  /** Nothing left that stops the store from opening or hides a post. */
  healthy: boolean
  /** Posts in the index (after repair, with --repair). */
  posts: number
  problems: DoctorProblem[]
  /** What --repair did, one line per file. */
  repaired: { file: string; action: string }[]
}

type DbState =
  | { kind: 'ok'; data: DbData }
  | { kind: 'old'; version: number }
  | { kind: 'missing' }
  | { kind: 'damaged'; problem: string }
type ShardState = { kind: 'ok'; posts: PostMeta[] } | { kind: 'missing' } | { kind: 'damaged'; problem: string }

interface Scan {
  journal: { kind: 'none' } | { kind: 'pending' } | { kind: 'damaged'; problem: string }
  db: DbState
  shards: ShardState[]
  bodies: Map<number, number[]>
}

/**
 * `blog doctor`: check a data folder without opening it as a store (which refuses a damaged
 * one), and with `repair` rebuild what can be rebuilt from what is on disk: the index from
 * the post bodies (each carries its metadata), db.json from the posts, a damaged journal set
 * aside. Damaged files are renamed `….damaged-<time>`, never deleted. Runs under store.lock, so
 * it is safe beside a running `blog serve` (which re-reads what it rewrote).
 */
export async function checkDataFolder(dataDir: string, opts: { repair?: boolean } = {}): Promise<DoctorReport> {
  const files = layout(dataDir)
  if (!existsSync(dataDir)) {
    return {
      dataDir,
      healthy: false,
      posts: 0,
      problems: [
        {
          file: dataDir,
          problem: 'does not exist.',
          fix: 'Check --data (or BLOG_DATA_DIR); a new site is created by `blog serve` or `blog import`.',
        },
      ],
      repaired: [],
    }
  }
  return new StoreLock(dataDir).run(async () => {
    const repaired: DoctorReport['repaired'] = []
    if (opts.repair) await repair(files, await scan(files), repaired)
    const after = await scan(files)
    const problems = diagnose(files, after)
    const posts = after.shards.reduce((n, s) => n + (s.kind === 'ok' ? s.posts.length : 0), 0)
    return { dataDir, healthy: problems.length === 0, posts, problems, repaired }
  })
}

async function scan(files: Layout): Promise<Scan> {
  let journal: Scan['journal'] = { kind: 'none' }
  try {
    if (await readJournal(files.journal)) journal = { kind: 'pending' }
  } catch (e) {
    journal = { kind: 'damaged', problem: problemOf(e, files.journal) }
  }
  const shards: ShardState[] = []
  for (let n = 0; n < SHARD_COUNT; n++) {
    try {
      const posts = await readShard(files.shard(n))
      shards.push(posts ? { kind: 'ok', posts } : { kind: 'missing' })
    } catch (e) {
      shards.push({ kind: 'damaged', problem: problemOf(e, files.shard(n)) })
    }
  }
  return { journal, db: await scanDb(files), shards, bodies: await bodyRevisions(files) }
}

async function scanDb(files: Layout): Promise<DbState> {
  let text: string
  try {
    text = await readFile(files.db, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'damaged', problem: `could not be read (${(e as Error).message}).` }
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return { kind: 'damaged', problem: `is not valid JSON (${(e as Error).message}); it may have been cut short.` }
  }
  const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion
  if (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version < SCHEMA_VERSION)
    return { kind: 'old', version }
  if (typeof version === 'number' && version > SCHEMA_VERSION)
    return { kind: 'damaged', problem: `was written by a newer Scholia (data version ${version}).` }
  const parsed = DbSchema.safeParse(raw)
  if (parsed.success && version === SCHEMA_VERSION) return { kind: 'ok', data: parsed.data }
  if (version === undefined && Array.isArray((raw as { posts?: unknown } | null)?.posts))
    return { kind: 'old', version: 0 }
  const issue = parsed.success
    ? 'no usable "schemaVersion"'
    : `${parsed.error.issues[0]?.path.join('.') || 'its shape'}: ${parsed.error.issues[0]?.message}`
  return { kind: 'damaged', problem: `is not a Scholia database Scholia can use (${issue}).` }
}

function problemOf(e: unknown, file: string): string {
  const message = e instanceof Error ? e.message : String(e)
  return message.startsWith(file) ? message.slice(file.length).trim() : message
}

function indexed(s: Scan): Map<number, PostMeta> {
  const out = new Map<number, PostMeta>()
  for (const shard of s.shards) if (shard.kind === 'ok') for (const meta of shard.posts) out.set(meta.id, meta)
  return out
}

function diagnose(files: Layout, s: Scan): DoctorProblem[] {
  const problems: DoctorProblem[] = []
  const repairFix = `Run \`${REPAIR_COMMAND}\`.`
  if (s.journal.kind === 'damaged')
    problems.push({
      file: files.journal,
      problem: s.journal.problem,
      fix: `Run \`${REPAIR_COMMAND}\`: it sets the journal aside and restores every post whose body is on disk.`,
    })
  if (s.db.kind === 'missing' && s.bodies.size > 0)
    problems.push({
      file: files.db,
      problem: `is missing, but the folder holds ${s.bodies.size === 1 ? '1 post body' : `${s.bodies.size} post bodies`}.`,
      fix: `Restore it from a backup to keep accounts and settings, or run \`${REPAIR_COMMAND}\` to start a new one (then create an admin with \`blog admin create\`).`,
    })
  if (s.db.kind === 'damaged')
    problems.push({
      file: files.db,
      problem: s.db.problem,
      fix: `Restore it from a backup (db.json.bak-v<N> if a migration left one) to keep accounts and settings, or run \`${REPAIR_COMMAND}\` to start a new one from the posts (the damaged file is kept).`,
    })
  const known = indexed(s)
  // Ids at or above nextPostId are an insert that never committed: the next start removes them.
  const next = s.db.kind === 'ok' ? s.db.data.nextPostId : Infinity
  for (let n = 0; n < SHARD_COUNT; n++) {
    const shard = s.shards[n]
    const lost = [...s.bodies.keys()].filter((id) => shardOf(id) === n && !known.has(id) && id < next)
    if (shard.kind === 'damaged')
      problems.push({
        file: files.shard(n),
        problem: shard.problem,
        fix: `${repairFix} It rebuilds this index from the post bodies (the damaged file is kept).`,
      })
    else if (shard.kind === 'missing' && lost.length)
      problems.push({
        file: files.shard(n),
        problem: `is missing; ${lost.length === 1 ? '1 post body belongs' : `${lost.length} post bodies belong`} in it (id ${lost.join(', ')}).`,
        fix: `${repairFix} It rebuilds this index from the post bodies.`,
      })
    else if (shard.kind === 'ok' && lost.length) {
      problems.push({
        file: files.bodiesDir,
        problem: `holds bodies of ${lost.length} post(s) that the index ${files.shard(n)} does not name (id ${lost.join(', ')}): posts deleted just before a crash, or lost from the index.`,
        fix: `${repairFix} It restores them as drafts; delete their files instead if they were deleted on purpose.`,
      })
    }
  }
  for (const meta of known.values()) {
    if (!s.bodies.get(meta.id)?.includes(meta.bodyRev))
      problems.push({
        file: files.body(meta.id, meta.bodyRev),
        problem: `(the body of “${meta.title}”) is missing.`,
        fix: 'Restore it from a backup, or import the essay again.',
      })
  }
  if (s.db.kind === 'ok') {
    const maxId = Math.max(0, ...known.keys())
    if (s.db.data.nextPostId <= maxId)
      problems.push({
        file: files.db,
        problem: `"nextPostId" (${s.db.data.nextPostId}) is not above the highest post id (${maxId}): a new post would reuse an id.`,
        fix: repairFix,
      })
  }
  return problems
}

const stampNow = () => new Date().toISOString().replace(/[:.]/g, '-')

async function setAside(path: string, repaired: DoctorReport['repaired']): Promise<void> {
  const aside = damagedAside(path, stampNow())
  await rename(path, aside)
  repaired.push({ file: path, action: `set aside as ${aside}` })
}

async function repair(files: Layout, s: Scan, repaired: DoctorReport['repaired']): Promise<void> {
  const index = new IndexFiles(files)
  // An unfinished but sound commit: finish it, as opening the store would.
  if (s.journal.kind === 'pending' && (await recoverJournal(files))) {
    repaired.push({ file: files.journal, action: 'finished the commit it held' })
    s = await scan(files)
  }
  const journalLost = s.journal.kind === 'damaged'
  if (journalLost) await setAside(files.journal, repaired)

  const shards = new Map<number, PostMeta[]>()
  const rewrite = new Set<number>()
  for (let n = 0; n < SHARD_COUNT; n++) {
    const shard = s.shards[n]
    if (shard.kind === 'damaged') await setAside(files.shard(n), repaired)
    shards.set(n, shard.kind === 'ok' ? [...shard.posts] : [])
    if (shard.kind !== 'ok') rewrite.add(n)
  }
  const byId = new Map<number, PostMeta>()
  for (const list of shards.values()) for (const meta of list) byId.set(meta.id, meta)
  const slugs = new Set([...byId.values()].map((m) => m.slug))

  // A body at or above nextPostId is an insert that never committed (unless the journal that committed it is lost).
  const next = s.db.kind === 'ok' && !journalLost ? s.db.data.nextPostId : Infinity
  for (const [id, revs] of [...s.bodies].sort((a, b) => a[0] - b[0])) {
    const n = shardOf(id)
    const current = byId.get(id)
    if (!current && id >= next) continue
    const newest = revs[revs.length - 1]
    // A damaged journal held a commit that had passed its commit point: its bodies are the newest state.
    if (current && !(journalLost && newest > current.bodyRev)) continue
    const indexLost = s.shards[n].kind !== 'ok' || journalLost
    const restored = await restoreFromBody(files, id, newest, { asDraft: !indexLost })
    if (!restored) continue
    const { meta, body } = restored
    if (current) slugs.delete(current.slug)
    if (slugs.has(meta.slug)) meta.slug = uniqueSlug(meta.slug, (x) => slugs.has(x))
    slugs.add(meta.slug)
    // The body keeps the metadata the index now has (a new slug, draft status).
    await writeFileAtomic(files.body(id, meta.bodyRev), JSON.stringify({ ...body, meta }), { syncDir: false })
    byId.set(id, meta)
    shards.set(n, [...(shards.get(n) ?? []).filter((m) => m.id !== id), meta])
    rewrite.add(n)
    repaired.push({
      file: files.shard(n),
      action: `restored post ${id} “${meta.title}” (${meta.status}) from ${files.body(id, newest)}`,
    })
  }
  for (const n of rewrite) {
    const posts = (shards.get(n) ?? []).sort((a, b) => a.id - b.id)
    if (s.shards[n].kind === 'missing' && posts.length === 0) continue
    await index.write({ [n]: { posts } }, null)
    if (s.shards[n].kind !== 'ok')
      repaired.push({ file: files.shard(n), action: `rebuilt with ${posts.length} post(s)` })
  }

  const maxId = Math.max(0, ...byId.keys())
  if (s.db.kind === 'missing' || s.db.kind === 'damaged') {
    if (s.db.kind === 'damaged') await setAside(files.db, repaired)
    // Not a fresh install: the first admin of a site with posts comes from the terminal.
    const db: DbData = { ...emptyDb(), nextPostId: maxId + 1, firstAdmin: 'terminal' }
    await index.write({}, db)
    repaired.push({
      file: files.db,
      action: `started anew beside ${byId.size} post(s); create an admin with \`blog admin create USERNAME\``,
    })
  } else if (s.db.kind === 'ok' && s.db.data.nextPostId <= maxId) {
    await index.write({}, { ...s.db.data, nextPostId: maxId + 1 })
    repaired.push({ file: files.db, action: `nextPostId set to ${maxId + 1}` })
  }
}

/**
 * A post's metadata from its body file: the copy the store writes there, else (bodies written
 * before it did) what the body itself tells: frontmatter, first heading, file time, as a draft.
 */
async function restoreFromBody(
  files: Layout,
  id: number,
  rev: number,
  opts: { asDraft: boolean },
): Promise<{ meta: PostMeta; body: PostBody } | null> {
  const path = files.body(id, rev)
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  } catch {
    return null
  }
  const body = PostBodySchema.safeParse(raw)
  if (!body.success) return null
  const copy = PostMetaSchema.safeParse(raw.meta)
  if (copy.success && copy.data.id === id) {
    const meta = { ...copy.data, bodyRev: rev }
    if (opts.asDraft) meta.status = 'draft'
    return { meta, body: body.data }
  }
  const b = body.data
  const front = b.frontmatter
  const heading = /^#\s+(.+)$/m.exec(b.content)?.[1]?.trim()
  const title = (typeof front.title === 'string' && front.title.trim()) || heading || `Recovered post ${id}`
  const at = (await stat(path)).mtime.toISOString()
  // from the markdown source: the rendered reading is rebuilt later, this is a first estimate
  const length = countReading(b.content)
  const meta: PostMeta = {
    id,
    title,
    slug: (typeof front.slug === 'string' && slugify(front.slug)) || slugify(title) || `recovered-${id}`,
    excerpt: '',
    metaDescription: null,
    author: typeof front.author === 'string' ? front.author : '',
    tags: Array.isArray(front.tags) ? front.tags.filter((t): t is string => typeof t === 'string') : [],
    readTime: readTimeFor(length),
    wordCount: length.words + length.cjkCharacters,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    // Its real status is unknown: a draft must not become public by a repair.
    status: 'draft',
    featured: 0,
    bannerImage: null,
    contentImages: [],
    source: null,
    contentHash: createHash('sha256').update(b.content).digest('hex').slice(0, 32),
    rev: 1,
    bodyRev: rev,
  }
  return { meta, body: b }
}
