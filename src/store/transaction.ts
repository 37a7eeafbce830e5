import type { PostBody, PostMeta } from '../shared/schemas/index.js'
import { BlogError } from '../core/errors.js'
import type { DbData } from './db-schema.js'

export type NewPost = Omit<PostMeta, 'id' | 'rev' | 'bodyRev'>

/** What a transaction changed, for the commit and for change events. */
export interface PostChange {
  before: PostMeta | null
  after: PostMeta | null
  /** Present when the body was written in this transaction. */
  body?: PostBody
}

/** Read access to the committed state that a transaction builds on. */
export interface CommittedState {
  db: DbData
  posts: Map<number, PostMeta>
  bySlug: Map<string, PostMeta>
  readBody(meta: PostMeta): Promise<PostBody>
}

/**
 * A unit of change to the store, applied inside the cross-process lock after the latest
 * state was re-read. Nothing is visible to others, in memory or on disk, until commit; if the
 * callback throws, the draft is dropped.
 */
export class Transaction {
  readonly changes = new Map<number, PostChange>()
  private dbDraft: DbData | null = null
  /** Highest id present, found once per transaction: bulk inserts must not rescan every post. */
  private highestId: number | null = null

  constructor(
    private readonly base: CommittedState,
    private readonly now: () => Date,
  ) {}

  /** Site-wide records. Reading them here marks db.json for writing. */
  get db(): DbData {
    this.dbDraft ??= structuredClone(this.base.db)
    return this.dbDraft
  }

  get dbChanged(): DbData | null {
    return this.dbDraft
  }

  post(id: number): PostMeta | null {
    const change = this.changes.get(id)
    return change ? change.after : (this.base.posts.get(id) ?? null)
  }

  posts(): PostMeta[] {
    const out: PostMeta[] = []
    for (const meta of this.base.posts.values()) if (!this.changes.has(meta.id)) out.push(meta)
    for (const change of this.changes.values()) if (change.after) out.push(change.after)
    return out
  }

  postBySlug(slug: string): PostMeta | null {
    for (const change of this.changes.values()) if (change.after?.slug === slug) return change.after
    const committed = this.base.bySlug.get(slug)
    return committed && !this.changes.has(committed.id) ? committed : null
  }

  async body(id: number): Promise<PostBody> {
    const change = this.changes.get(id)
    if (change?.body) return change.body
    const meta = this.post(id)
    if (!meta) throw new BlogError('POST_NOT_FOUND', `Post ${id} does not exist.`)
    return this.base.readBody(change?.before ?? meta)
  }

  insert(input: NewPost, body: PostBody): PostMeta {
    if (this.postBySlug(input.slug))
      throw new BlogError('CONFLICT', `A post with the slug "${input.slug}" already exists.`)
    this.highestId ??= this.posts().reduce((max, p) => Math.max(max, p.id), 0)
    const id = Math.max(this.db.nextPostId, this.highestId + 1)
    this.db.nextPostId = id + 1
    this.highestId = id
    const meta: PostMeta = { ...input, id, rev: 1, bodyRev: 1 }
    this.changes.set(id, { before: null, after: meta, body })
    return meta
  }

  /** Change a post's metadata and, when `bodyPatch` is given, its body. */
  async update(
    id: number,
    patch: Partial<Omit<PostMeta, 'id' | 'rev' | 'bodyRev'>>,
    bodyPatch?: Partial<PostBody>,
  ): Promise<PostMeta> {
    const current = this.post(id)
    if (!current) throw new BlogError('POST_NOT_FOUND', `Post ${id} does not exist.`)
    if (patch.slug && patch.slug !== current.slug) {
      const other = this.postBySlug(patch.slug)
      if (other && other.id !== id)
        throw new BlogError('CONFLICT', `A post with the slug "${patch.slug}" already exists.`)
    }
    const existing = this.changes.get(id)
    const before = existing ? existing.before : current
    let body = existing?.body
    if (bodyPatch) body = { ...(await this.body(id)), ...bodyPatch }
    const after: PostMeta = {
      ...current,
      ...patch,
      id,
      updatedAt: patch.updatedAt ?? this.now().toISOString(),
      // Revisions count from the committed state, so several updates in one transaction are one revision.
      rev: before ? before.rev + 1 : 1,
      bodyRev: body ? (before ? before.bodyRev + 1 : 1) : current.bodyRev,
    }
    this.changes.set(id, { before, after, ...(body ? { body } : {}) })
    return after
  }

  remove(id: number): boolean {
    const current = this.post(id)
    if (!current) return false
    const existing = this.changes.get(id)
    const before = existing ? existing.before : current
    if (before === null) this.changes.delete(id)
    else this.changes.set(id, { before, after: null })
    return true
  }
}
