import { EventEmitter } from 'node:events'
import { stat, readFile, unlink } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'
import { PostBodySchema, PostMetaSchema, type PostBody, type PostMeta } from '../shared/schemas/index.js'
import { z } from 'zod'
import { BlogError } from '../core/errors.js'
import { IndexFiles } from './index-files.js'
import { ensureDir, syncDir, writeFileAtomic } from '../core/atomic-file.js'
import { applyEntry, clearJournal, recoverJournal, writeJournal, type JournalEntry } from './commit-journal.js'
import { sweepLeftovers } from './store-sweep.js'
import { LockLostError, StoreLock, type HeldLock, type LockTiming } from './lock.js'
import { DbSchema, type DbData } from './db-schema.js'
import { bodyRevisions, idsOfShard } from './folder-scan.js'
import { damagedFile, firstIssue, REPAIR_COMMAND } from './store-errors.js'
import { layout, shardOf, SHARD_COUNT, type Layout } from './post-files.js'
import { migrate } from './migrations.js'
import { Transaction, type CommittedState } from './transaction.js'
import { LruCache } from '../core/lru-cache.js'
import { eachLimited } from '../core/each-limited.js'
import type { StoreChange } from '../core/events.js'

// The change event's shape lives with the event bus (the kernel), so the bus needs no store.
export type { StoreChange }

export interface StoreOptions {
  now?: () => Date
  /** store.lock's stale time and refresh interval (default 15 s / 5 s); tests shorten them. */
  lockTiming?: LockTiming
}

/** Attempts of one transaction when this process loses the store lock before its commit point. */
const LOCK_LOST_ATTEMPTS = 3
/** Body files written at once by a commit. */
const BODY_WRITES_AT_ONCE = 8

/**
 * The data folder: db.json for site-wide records, sharded post index, a body file per post.
 * Reads come from memory; every write takes the cross-process lock, re-reads what changed on
 * disk, applies, and writes atomically. Emits 'change' with a StoreChange.
 */
export class Store extends EventEmitter<{ change: [StoreChange] }> {
  readonly files: Layout
  private readonly lock: StoreLock
  /** db.json and the shards: every read and write of them goes through these Lows. */
  private readonly index: IndexFiles
  /** The committed db.json this process serves, swapped in only once a read or commit is whole. */
  private dbData: DbData | null = null
  private readonly stamps = new Map<string, string>()
  private readonly metas = new Map<number, PostMeta>()
  private readonly slugs = new Map<string, PostMeta>()
  private readonly bodies = new LruCache<string, PostBody>(64)
  private readonly loading = new Map<string, Promise<PostBody>>()
  private sorted: PostMeta[] | null = null
  private readonly now: () => Date

  private constructor(
    readonly dataDir: string,
    opts: StoreOptions,
  ) {
    super()
    this.files = layout(dataDir)
    this.lock = new StoreLock(dataDir, opts.lockTiming)
    this.now = opts.now ?? (() => new Date())
    this.index = new IndexFiles(this.files, () => this.lock.assertHeld())
  }

  /** Open (creating or migrating if needed) the data folder. */
  static async open(dataDir: string, opts: StoreOptions = {}): Promise<Store> {
    const store = new Store(dataDir, opts)
    await ensureDir(store.files.bodiesDir)
    await store.lock.run(async () => {
      // A commit cut short by a kill is finished before anything (migrations included) reads.
      await recoverJournal(store.index)
      await migrate(store.files, store.index)
      await store.reload()
      // Only now is the index known complete: every shard was read and validated, and a missing
      // one with bodies that belong in it was refused (reload). A body no index names is only
      // deleted when its id was never committed (see sweepLeftovers).
      await sweepLeftovers(store.files, (id) => store.post(id), store.db.nextPostId)
    })
    return store
  }

  get db(): Readonly<DbData> {
    // Set by open()'s first reload, which refuses a folder without a valid db.json.
    return this.dbData!
  }

  /** All posts, newest id first is not implied: callers sort. The array is shared; don't mutate it. */
  posts(): readonly PostMeta[] {
    this.sorted ??= [...this.metas.values()].sort((a, b) => a.id - b.id)
    return this.sorted
  }

  post(id: number): PostMeta | null {
    return this.metas.get(id) ?? null
  }

  postBySlug(slug: string): PostMeta | null {
    return this.slugs.get(slug) ?? null
  }

  /**
   * The large part of a post. Cached per body revision; concurrent reads of one revision share
   * one file read, so 64 cold searches at once scan the bodies once, not 64 times (found by
   * the soak's load test: every request timed out).
   */
  body(meta: PostMeta): Promise<PostBody> {
    const key = `${meta.id}.${meta.bodyRev}`
    const cached = this.bodies.get(key)
    if (cached) return Promise.resolve(cached)
    let pending = this.loading.get(key)
    if (!pending) {
      pending = this.loadBody(meta, key).finally(() => this.loading.delete(key))
      this.loading.set(key, pending)
    }
    return pending
  }

  private async loadBody(meta: PostMeta, key: string): Promise<PostBody> {
    let text: string
    try {
      text = await readFile(this.files.body(meta.id, meta.bodyRev), 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
      // Another process replaced this revision since we last looked: catch up once.
      await this.refresh()
      const latest = this.metas.get(meta.id)
      if (latest && latest.bodyRev !== meta.bodyRev) return this.body(latest)
      throw damagedFile(
        this.files.body(meta.id, meta.bodyRev),
        `(the body of post ${meta.id}, “${meta.title}”) is missing.`,
        `Restore it from a backup, or run \`${REPAIR_COMMAND}\` to see what else is damaged.`,
      )
    }
    let body: PostBody
    try {
      // The file also carries the post's metadata (\`meta\`, for rebuilding the index); the schema drops it.
      body = PostBodySchema.parse(JSON.parse(text))
    } catch (e) {
      const what =
        e instanceof SyntaxError
          ? `is not valid JSON (${e.message})`
          : `is not a valid post body (${e instanceof z.ZodError ? firstIssue(e) : (e as Error).message})`
      throw damagedFile(
        this.files.body(meta.id, meta.bodyRev),
        `(the body of post ${meta.id}, “${meta.title}”) ${what}.`,
        'Restore it from a backup, or import the essay again.',
      )
    }
    this.bodies.set(key, body)
    return body
  }

  /**
   * Run `fn` as one atomic change. Inside the lock the latest state is re-read first, so
   * writes from other processes are never lost. Bulk work belongs in one transaction.
   */
  async transact<T>(fn: (tx: Transaction) => T | Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let change: StoreChange | null = null
      let external: StoreChange | null = null
      let tx: Transaction | null = null
      let value: T | undefined
      try {
        value = await this.lock.run(async (held) => {
          external = await this.reload()
          tx = new Transaction(this.committedState(), this.now)
          const v = await fn(tx)
          try {
            change = await this.commit(tx, held)
          } catch (e) {
            if (e instanceof LockLostError) e.value = v
            throw e
          }
          return v
        })
      } catch (e) {
        if (external) this.emit('change', external)
        if (!(e instanceof LockLostError)) throw e
        // This process stalled past the lock's stale time and another may have written since.
        if (!e.committed) {
          // Nothing reached the index: run the change again on the state as it is now.
          if (attempt < LOCK_LOST_ATTEMPTS) continue
          throw new BlogError(
            'STORE_LOCKED',
            'The change was not saved: this process kept losing the data folder lock (it was paused for longer than the lock allows).',
            'Try again; if it keeps happening, the machine is overloaded or the data folder is on a slow network disk.',
          )
        }
        change = await this.confirmLanded(tx!)
        if (!change) {
          throw new BlogError(
            'STORE_LOCKED',
            'The change may not have been saved: this process lost the data folder lock while saving it (it was paused for longer than the lock allows).',
            'Check whether the change is there, and make it again if not.',
          )
        }
        value = e.value as T
      }
      if (external) this.emit('change', external)
      if (change) this.emit('change', change)
      return value as T
    }
  }

  /**
   * After losing the lock past the commit point: take it again, re-read (finishing our journal
   * if it is still pending) and check that every post the transaction wrote is on disk as it
   * wrote it. Null when that cannot be confirmed (another writer replaced the same shard).
   */
  private async confirmLanded(tx: Transaction): Promise<StoreChange | null> {
    const external = await this.lock.run(() => this.reload())
    if (external) this.emit('change', external)
    for (const [id, change] of tx.changes) {
      const now = this.metas.get(id) ?? null
      if (
        change.after
          ? !isDeepStrictEqual(now, PostMetaSchema.parse(change.after))
          : now !== null && now.rev === change.before?.rev
      )
        return null
    }
    if (tx.changes.size === 0 && tx.dbChanged && !isDeepStrictEqual(this.dbData, DbSchema.parse(tx.dbChanged)))
      return null
    return { postIds: [...tx.changes.keys()], db: Boolean(tx.dbChanged), origin: 'local' }
  }

  /** Pick up writes made by other processes. Cheap when nothing changed (one stat per file). */
  async refresh(): Promise<StoreChange | null> {
    const change = await this.lock.run(() => this.reload())
    if (change) this.emit('change', change)
    return change
  }

  private committedState(): CommittedState {
    return { db: this.dbData!, posts: this.metas, bySlug: this.slugs, readBody: (m) => this.body(m) }
  }

  /**
   * Re-read the files whose identity changed since we read them. Call inside the lock.
   * Everything is read and validated first and swapped in without an await in between, so a
   * request served meanwhile sees the state before or after, never some shards of each (a
   * torn read); a file that fails validation leaves the previous state whole.
   */
  private async reload(): Promise<StoreChange | null> {
    await recoverJournal(this.index)
    const dbStamp = await this.stampOf(this.files.db)
    let freshDb: DbData | null = null
    if (dbStamp !== this.stamps.get(this.files.db)) {
      freshDb = await this.index.readDb()
      // Gone while we run: the posts are still on disk and in memory; nothing is recreated here.
      if (!freshDb)
        throw damagedFile(
          this.files.db,
          'is missing.',
          `Restore db.json from a backup, or run \`${REPAIR_COMMAND}\` to start a new one from the posts on disk (the damaged file is kept beside it).`,
        )
    }
    const shards: { n: number; stamp: string; metas: Map<number, PostMeta> }[] = []
    let bodies: Map<number, number[]> | null = null
    for (let n = 0; n < SHARD_COUNT; n++) {
      const path = this.files.shard(n)
      const stamp = await this.stampOf(path)
      if (this.stamps.get(path) === stamp) continue
      const list = (await this.index.readShard(n))?.posts ?? null
      if (list === null) {
        // A shard is only written when a post of it changes, so a missing one is normal, unless
        // posts belong in it: then reading it as empty would hide them, and the sweep would
        // delete their bodies.
        bodies ??= await bodyRevisions(this.files)
        // Ids at or above nextPostId were never committed (an insert cut short): no index lost them.
        const next = (freshDb ?? this.dbData)?.nextPostId ?? Infinity
        const orphans = idsOfShard(bodies, n).filter((id) => id < next)
        if (orphans.length > 0) {
          throw damagedFile(
            path,
            `is missing, but posts/bodies holds ${orphans.length === 1 ? '1 post that belongs' : `${orphans.length} posts that belong`} in it (id ${orphans.slice(0, 5).join(', ')}${orphans.length > 5 ? ', …' : ''}).`,
            `Run \`${REPAIR_COMMAND}\` to rebuild it from the post bodies, or restore it from a backup.`,
          )
        }
      }
      const metas = new Map<number, PostMeta>()
      for (const meta of list ?? []) metas.set(meta.id, meta)
      shards.push({ n, stamp, metas })
    }

    // From here on, synchronous: the swap.
    this.stamps.set(this.files.db, dbStamp)
    if (freshDb) this.dbData = freshDb
    const changedIds = new Set<number>()
    for (const { n, stamp, metas } of shards) {
      this.stamps.set(this.files.shard(n), stamp)
      for (const meta of this.metas.values()) {
        if (shardOf(meta.id) === n && !metas.has(meta.id)) {
          this.dropMeta(meta)
          changedIds.add(meta.id)
        }
      }
      for (const meta of metas.values()) {
        const old = this.metas.get(meta.id)
        if (old && old.rev === meta.rev) continue
        this.putMeta(meta)
        changedIds.add(meta.id)
      }
    }
    if (!freshDb && changedIds.size === 0) return null
    return { postIds: [...changedIds], db: Boolean(freshDb), origin: 'external' }
  }

  /**
   * Write the transaction: bodies first (new revisions, new names), then the index and
   * db.json — through the journal when that is more than one file, so a kill between two
   * renames is finished by the next process instead of leaving half a commit. Memory changes
   * only once the disk is done, in one synchronous step.
   *
   * Every body file also carries its post's metadata (`meta`), rewritten in place when only the
   * metadata changed, so a lost or damaged index shard can be rebuilt from the bodies
   * (`blog doctor --repair`) with titles, slugs and draft status as they were.
   *
   * Before each step that others could see, the lock is checked: a process that stalled past
   * the stale time may have lost it, and writing then would overwrite another writer's commit.
   */
  private async commit(tx: Transaction, held: HeldLock): Promise<StoreChange | null> {
    const touchedShards = new Set<number>()
    const superseded: string[] = []
    for (const [id, change] of tx.changes) {
      touchedShards.add(shardOf(id))
      if (change.before && (!change.after || change.after.bodyRev !== change.before.bodyRev)) {
        superseded.push(this.files.body(id, change.before.bodyRev))
      }
    }
    const dbDraft = tx.dbChanged ? DbSchema.parse(tx.dbChanged) : null
    if (touchedShards.size === 0 && !dbDraft) return null
    const afters = new Map<number, PostMeta>()
    for (const [id, change] of tx.changes) if (change.after) afters.set(id, PostMetaSchema.parse(change.after))
    const bodyFiles: Array<{ path: string; body: PostBody; meta: PostMeta }> = []
    for (const [id, meta] of afters) {
      const change = tx.changes.get(id)!
      const body = change.body
        ? PostBodySchema.parse(change.body)
        : change.before
          ? await this.body(change.before).catch(() => null)
          : null
      // A body that cannot be read keeps its old metadata copy: the change itself must not fail for it.
      if (body) bodyFiles.push({ path: this.files.body(id, meta.bodyRev), body, meta })
    }
    await held.check()
    // Bodies first, then the index commits them. Several at a time (the file system batches the
    // syncs), each serialised just before it is written: an import of the corpus writes 48 MB of
    // bodies, and holding all of that text (and its bytes) at once was its peak of memory.
    await eachLimited(bodyFiles, BODY_WRITES_AT_ONCE, ({ path, body, meta }) =>
      writeFileAtomic(path, JSON.stringify({ ...body, meta }), { syncDir: false }),
    )
    if (bodyFiles.length) await syncDir(this.files.bodiesDir)

    const entry: JournalEntry = { shards: {}, db: dbDraft }
    for (const n of touchedShards) {
      const posts = [...this.metas.values()].filter((m) => shardOf(m.id) === n && !tx.changes.has(m.id))
      for (const meta of afters.values()) if (shardOf(meta.id) === n) posts.push(meta)
      entry.shards[n] = { posts: posts.sort((a, b) => a.id - b.id) }
    }
    const journaled = touchedShards.size + (dbDraft ? 1 : 0) > 1
    await held.check()
    if (journaled) {
      await writeJournal(this.files, entry)
      // Past the commit point: whoever holds the lock next finishes this journal, so if the lock
      // was lost meanwhile, leave it to them rather than write over what they may have written since.
      if (held.lost) throw new LockLostError(true)
    }
    await applyEntry(this.index, entry)
    if (held.lost) throw new LockLostError(true)
    if (journaled) await clearJournal(this.files)
    const stamps = await Promise.all(
      [...touchedShards].map(async (n) => [this.files.shard(n), await this.stampOf(this.files.shard(n))] as const),
    )
    if (dbDraft) stamps.push([this.files.db, await this.stampOf(this.files.db)])

    // The swap, synchronous.
    for (const [path, stamp] of stamps) this.stamps.set(path, stamp)
    if (dbDraft) this.dbData = dbDraft
    for (const change of tx.changes.values()) if (change.before) this.dropMeta(change.before)
    for (const [id, meta] of afters) {
      this.putMeta(meta)
      const body = tx.changes.get(id)?.body
      if (body) this.bodies.set(`${id}.${meta.bodyRev}`, body)
    }
    await Promise.all(superseded.map((p) => unlink(p).catch(() => {})))
    return { postIds: [...tx.changes.keys()], db: Boolean(dbDraft), origin: 'local' }
  }

  private putMeta(meta: PostMeta): void {
    const old = this.metas.get(meta.id)
    if (old && this.slugs.get(old.slug) === old) this.slugs.delete(old.slug)
    this.metas.set(meta.id, meta)
    this.slugs.set(meta.slug, meta)
    this.sorted = null
  }

  private dropMeta(meta: PostMeta): void {
    const current = this.metas.get(meta.id)
    if (!current) return
    this.metas.delete(meta.id)
    if (this.slugs.get(current.slug) === current) this.slugs.delete(current.slug)
    this.sorted = null
  }

  /** Atomic writes replace the file, so inode + mtime + size identify a version. */
  private async stampOf(path: string): Promise<string> {
    try {
      const s = await stat(path, { bigint: true })
      return `${s.ino}:${s.mtimeNs}:${s.size}`
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
      throw e
    }
  }
}
