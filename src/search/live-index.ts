import type { Store, StoreChange } from '../store/index.js'
import type { PostMeta } from '../shared/schemas/index.js'
import { SearchIndex, type IndexedPost } from './search-index.js'

const READ_BATCH = 32

/**
 * The search index kept in step with the store: built on first use (the server asks for it at
 * start with `warm()`; a CLI command that never searches never pays for it), then changed post
 * by post on every store 'change' (edits, deletes, imports, and writes by other processes once
 * the store has re-read them). Updates run one at a time in order; `current()` waits for those
 * already announced, so a search right after an edit sees it.
 */
export class LiveIndex {
  private readonly index = new SearchIndex()
  private queue: Promise<void> | null = null
  private readonly listener = (change: StoreChange) => {
    // Before the first build there is nothing to update: the build reads the store as it is then.
    if (this.queue && change.postIds.length) this.enqueue(() => this.apply(change.postIds))
  }

  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void = () => {},
  ) {
    store.on('change', this.listener)
  }

  /** Start the first build in the background, if it has not started. */
  warm(): void {
    this.queue ??= this.build().catch((e: unknown) => this.log(`Search index: the first build failed (${String(e)}); posts are indexed as they change.`))
  }

  /** The index with every change announced so far applied. */
  async current(): Promise<SearchIndex> {
    this.warm()
    await this.queue
    return this.index
  }

  close(): void {
    this.store.off('change', this.listener)
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = (this.queue ?? Promise.resolve()).then(task).catch((e: unknown) => this.log(`Search index: an update failed (${String(e)}).`))
  }

  private async build(): Promise<void> {
    const metas = [...this.store.posts()]
    // Bodies are read a batch at a time, so the disk works while the previous batch is indexed.
    for (let start = 0; start < metas.length; start += READ_BATCH) {
      const batch = metas.slice(start, start + READ_BATCH)
      const posts = await Promise.all(batch.map((meta) => this.read(meta)))
      posts.forEach((post, i) => post && this.index.put(post, batch[i].rev, false))
    }
    this.index.finish()
  }

  private async apply(ids: number[]): Promise<void> {
    for (const id of ids) {
      const meta = this.store.post(id)
      if (!meta) this.index.remove(id)
      else if (this.index.revOf(id) !== meta.rev) {
        const post = await this.read(meta)
        if (post) this.index.put(post, meta.rev)
      }
    }
  }

  private async read(meta: PostMeta): Promise<IndexedPost | null> {
    try {
      const body = await this.store.body(meta)
      return { id: meta.id, title: meta.title, tags: meta.tags, excerpt: meta.excerpt, author: meta.author, text: body.plainText, published: meta.status === 'published' }
    } catch (e) {
      // A post deleted while we read it: its own change event removes it next.
      if (!this.store.post(meta.id)) return null
      throw e
    }
  }
}
