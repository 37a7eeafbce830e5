import type { Store, StoreChange } from '../store/index.js'
import type { PostMeta } from '../shared/schemas/index.js'
import { SearchIndex, type IndexedPost } from './search-index.js'
import { loadSnapshot, saveSnapshot, stampOf } from './snapshot.js'

const READ_BATCH = 32
/** The longest a build holds the event loop before it lets waiting requests through. */
const SLICE_MS = 8

/**
 * The server builds the index while it already answers readers; indexing hundreds of essays
 * in one go held every request behind it (p99 of a post page ×10 in the first seconds).
 */
function breather(): () => Promise<void> {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < SLICE_MS) return
    await new Promise((resolve) => setImmediate(resolve))
    since = performance.now()
  }
}

/**
 * The search index kept in step with the store: built on first use (the server asks for it at
 * start with `warm()`; a CLI command that never searches never pays for it), then changed post
 * by post on every store 'change' (edits, deletes, imports, and writes by other processes once
 * the store has re-read them). Updates run one at a time in order; `current()` waits for those
 * already announced, so a search right after an edit sees it.
 */
export class LiveIndex {
  private index = new SearchIndex()
  private queue: Promise<void> | null = null
  private closed = false
  private readonly listener = (change: StoreChange) => {
    // Before the first build there is nothing to update: the build reads the store as it is then.
    if (this.queue && change.postIds.length) this.enqueue(() => this.apply(change.postIds))
  }

  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void = () => {},
    /** Keep a snapshot in the data folder (search-index.json) for fast restarts. */
    private readonly persist = true,
  ) {
    store.on('change', this.listener)
  }

  /** Start the first build in the background, if it has not started. */
  warm(): void {
    this.queue ??= this.build().catch((e: unknown) =>
      this.log(`Search index: the first build failed (${String(e)}); posts are indexed as they change.`),
    )
  }

  /** The index with every change announced so far applied. */
  async current(): Promise<SearchIndex> {
    this.warm()
    await this.queue
    return this.index
  }

  /**
   * Stops following the store, and resolves once the update or build under way has stopped: a
   * build stops between batches and saves no snapshot, so nothing is written into the data
   * folder after this (a closing process, or a test removing its folder, raced the snapshot).
   */
  async close(): Promise<void> {
    this.closed = true
    this.store.off('change', this.listener)
    await this.queue
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = (this.queue ?? Promise.resolve())
      .then(task)
      .catch((e: unknown) => this.log(`Search index: an update failed (${String(e)}).`))
  }

  /** From the snapshot in the data folder when there is one, brought up to date; else from every post. */
  private async build(): Promise<void> {
    const saved = this.persist ? await loadSnapshot(this.store.dataDir) : null
    if (saved) this.index = saved
    const metas = this.store.posts()
    const current = new Set(metas.map((m) => m.id))
    const gone = [...this.index.ids()].filter((id) => !current.has(id))
    for (const id of gone) this.index.remove(id)
    const stale = metas.filter((m) => this.index.stampOf(m.id) !== stampOf(m))
    const breathe = breather()
    // Bodies are read a batch at a time, so the disk works while the previous batch is indexed.
    for (let start = 0; start < stale.length; start += READ_BATCH) {
      if (this.closed) return
      const batch = stale.slice(start, start + READ_BATCH)
      const posts = await Promise.all(batch.map((meta) => this.read(meta)))
      for (const [i, post] of posts.entries()) {
        // A fresh build weighs terms once all document frequencies are known.
        if (post) this.index.put(post, stampOf(batch[i]), saved !== null)
        await breathe()
      }
    }
    this.index.finish()
    if (this.persist && !this.closed && (gone.length > 0 || stale.length > 0)) {
      await saveSnapshot(this.store.dataDir, this.index).catch((e: unknown) =>
        this.log(`Search index: could not save it (${String(e)}); it is rebuilt at the next start.`),
      )
    }
  }

  private async apply(ids: number[]): Promise<void> {
    for (const id of ids) {
      if (this.closed) return
      const meta = this.store.post(id)
      if (!meta) this.index.remove(id)
      else if (this.index.stampOf(id) !== stampOf(meta)) {
        const post = await this.read(meta)
        if (post) this.index.put(post, stampOf(meta))
      }
    }
  }

  private async read(meta: PostMeta): Promise<IndexedPost | null> {
    try {
      const body = await this.store.body(meta)
      return {
        id: meta.id,
        title: meta.title,
        tags: meta.tags,
        excerpt: meta.excerpt,
        author: meta.author,
        text: body.plainText,
        published: meta.status === 'published',
        readTime: meta.readTime,
      }
    } catch (e) {
      // A post deleted while we read it: its own change event removes it next.
      if (!this.store.post(meta.id)) return null
      throw e
    }
  }
}
