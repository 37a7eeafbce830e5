import type { EssayAnchor, PostBody, PostMeta } from '../shared/schemas/index.js'
import { readAnchorCache, writeAnchorCache, type KnownAnchors } from './anchor-cache.js'
import { XrefCatalog, type Referrer } from './xref-catalog.js'
import { hasXrefLinks, labelText, rewriteXrefLinks, xrefTargetsIn } from './resolve-html.js'
import { describeXref } from './xref-target.js'

/** What the index reads from the data folder (src/store's Store). */
export interface XrefStore {
  posts(): readonly PostMeta[]
  body(meta: PostMeta): Promise<PostBody>
  /** The data folder, whose cache keeps the labels between processes; none, none kept. */
  readonly dataDir?: string
}

type LabelMap = ReadonlyMap<string, ReadonlyArray<{ post: number; anchor: EssayAnchor }>>

/** Bodies read at once while collecting labels: enough to keep the disk busy, not the heap full. */
const BODY_BATCH = 16

/**
 * Cross-references between posts, resolved when a post is read rather than when it is imported:
 * a post imported later then fixes the links of those imported before it, and a link to a post
 * that was removed or unpublished stops being a link. The catalog of addresses is rebuilt when
 * the store's posts change (the store hands out a new array then); labels come from the posts'
 * essay documents, read once per body revision and only when a label must be resolved, and are
 * kept in the data folder's cache for the next process (anchor-cache.ts).
 */
export class CrossReferenceIndex {
  private catalog: { posts: readonly PostMeta[]; value: XrefCatalog } | null = null
  private readonly anchors = new Map<number, KnownAnchors>()
  /** The labels the data folder's cache held when this process first needed labels. */
  private cached: Promise<void> | null = null
  /** Labels learnt since the cache was last written. */
  private unsaved = false
  /** The cache's last write, which a process about to exit waits for (`saved`). */
  private saving: Promise<void> = Promise.resolve()

  constructor(private readonly store: XrefStore) {}

  /** `html` with every marked link resolved for a reader who sees drafts or not (DECISIONS.md: drafts are admin-only). */
  async resolveHtml(html: string, from: Referrer, seesDrafts: boolean): Promise<string> {
    if (!hasXrefLinks(html)) return html
    const catalog = this.current()
    return rewriteXrefLinks(html, (target) => catalog.resolve(target, from, seesDrafts))
  }

  /**
   * The anchors of a body revision just stored, which its writer still holds: an import then
   * checks its references without reading back every body it wrote.
   */
  know(post: Pick<PostMeta, 'id' | 'bodyRev'>, anchors: EssayAnchor[]): void {
    this.anchors.set(post.id, { bodyRev: post.bodyRev, anchors })
    this.unsaved = true
  }

  /** Settles when the labels learnt so far are in the data folder's cache (a CLI waits before it exits). */
  saved(): Promise<void> {
    return this.saving
  }

  /**
   * What each of these label references (d2l's `sec_gd`) reads as on the page, for a guest:
   * "Section “Gradient Descent”". Labels that resolve to nothing a guest may see are left out.
   */
  async labelTexts(keys: Iterable<string>, from: Referrer): Promise<Map<string, string>> {
    const catalog = this.current()
    const texts = new Map<string, string>()
    for (const key of new Set(keys)) {
      const hit = await catalog.resolve({ kind: 'label', key, style: 'name' }, from, false)
      if (hit) texts.set(key, labelText(hit, 'name'))
    }
    return texts
  }

  /** The references in `html` that lead nowhere, as import warnings (each once). */
  async unresolved(html: string, from: Referrer): Promise<string[]> {
    if (!hasXrefLinks(html)) return []
    const catalog = this.current()
    const missing = new Set<string>()
    for (const target of xrefTargetsIn(html)) {
      if (!(await catalog.resolve(target, from, true)))
        missing.add(`Cross-reference to another post not found: ${describeXref(target)} (shown as text)`)
    }
    return [...missing]
  }

  private current(): XrefCatalog {
    const posts = this.store.posts()
    if (this.catalog?.posts !== posts) {
      let labels: Promise<LabelMap> | null = null
      this.catalog = { posts, value: new XrefCatalog(posts, () => (labels ??= this.collectLabels(posts))) }
    }
    return this.catalog.value
  }

  private async collectLabels(posts: readonly PostMeta[]): Promise<LabelMap> {
    await this.readCache()
    const stale = posts.filter((meta) => this.anchors.get(meta.id)?.bodyRev !== meta.bodyRev)
    for (let i = 0; i < stale.length; i += BODY_BATCH) {
      await Promise.all(
        stale.slice(i, i + BODY_BATCH).map(async (meta) => {
          // A body that cannot be read defines no labels here; reading the post itself reports it.
          const body = await this.store.body(meta).catch(() => null)
          this.anchors.set(meta.id, { bodyRev: meta.bodyRev, anchors: body?.document?.anchors ?? [] })
          if (body) this.unsaved = true
        }),
      )
    }
    const live = new Set(posts.map((p) => p.id))
    for (const id of this.anchors.keys())
      if (!live.has(id)) {
        this.anchors.delete(id)
        this.unsaved = true
      }
    if (this.unsaved && this.store.dataDir) {
      this.unsaved = false
      // a copy: the map goes on changing while it is written; readers do not wait for the write
      const known = new Map(this.anchors)
      const dataDir = this.store.dataDir
      this.saving = this.saving.then(() => writeAnchorCache(dataDir, known))
    }
    const labels = new Map<string, Array<{ post: number; anchor: EssayAnchor }>>()
    for (const [post, { anchors }] of this.anchors) {
      for (const anchor of anchors) {
        const list = labels.get(anchor.key)
        if (list) list.push({ post, anchor })
        else labels.set(anchor.key, [{ post, anchor }])
      }
    }
    return labels
  }

  /** Once per process: the labels the cache kept, under those this process already knows. */
  private readCache(): Promise<void> {
    const dataDir = this.store.dataDir
    this.cached ??= dataDir
      ? readAnchorCache(dataDir).then((kept) => {
          for (const [id, known] of kept) if (!this.anchors.has(id)) this.anchors.set(id, known)
        })
      : Promise.resolve()
    return this.cached
  }
}

const indexes = new WeakMap<XrefStore, CrossReferenceIndex>()

/** The one index of a store, shared by every service of the process that reads or imports posts. */
export function crossReferencesOf(store: XrefStore): CrossReferenceIndex {
  let index = indexes.get(store)
  if (!index) indexes.set(store, (index = new CrossReferenceIndex(store)))
  return index
}
