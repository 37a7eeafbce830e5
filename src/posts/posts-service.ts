import type { Store } from '../store/index.js'
import { emptyEssayDocument, type Post, type PostListItem, type PostMeta } from '../shared/schemas/index.js'
import { BlogError } from '../core/errors.js'
import { isAdmin, type Viewer } from '../core/viewer.js'
import { RENDER_VERSION } from '../markdown/types.js'
import { anchorsAfterRender } from '../markdown/document-context.js'
import { xrefSourcePath } from '../xref/xref-source.js'
import type { RenderResult } from '../markdown/types.js'
import { renderOffThread } from '../importer/render-pool.js'
import { readTimeFor } from '../shared/read-time.js'
import { byPublishedDesc, neighboursIn, toListItem, toPost } from './post-views.js'
import { crossReferencesOf } from '../xref/index.js'

/** Reading posts as a visitor or the owner sees them. Drafts exist only for admins. */
export class PostsService {
  /** The sorted list per role, until the store's post array changes. */
  private ordered: { source: readonly PostMeta[]; admin: PostMeta[] | null; guest: PostMeta[] | null } | null = null

  constructor(
    private readonly store: Store,
    /** The site's search index (src/search), which also answers ?search= on the list. */
    private readonly search: { rank(query: string, viewer: Viewer): Promise<PostMeta[]> },
  ) {}

  /** Posts visible to `viewer`, newest first. */
  visible(viewer: Viewer): PostMeta[] {
    const source = this.store.posts()
    if (this.ordered?.source !== source) this.ordered = { source, admin: null, guest: null }
    const role = isAdmin(viewer) ? 'admin' : 'guest'
    this.ordered[role] ??= source.filter((p) => role === 'admin' || p.status === 'published').sort(byPublishedDesc)
    return this.ordered[role]
  }

  async list(viewer: Viewer, opts: { search?: string } = {}): Promise<PostListItem[]> {
    const query = opts.search?.trim()
    if (!query) return this.visible(viewer).map(toListItem)
    return (await this.search.rank(query, viewer)).map(toListItem)
  }

  /** One post by slug, as `viewer` may see it; a draft is "not found" for a guest. */
  async get(slug: string, viewer: Viewer): Promise<Post> {
    const meta = this.store.postBySlug(slug)
    if (!meta || (meta.status !== 'published' && !isAdmin(viewer))) {
      throw new BlogError('POST_NOT_FOUND', `No post at "${slug}".`)
    }
    return this.withCrossReferences(meta, viewer)
  }

  async getById(id: number, viewer: Viewer): Promise<Post> {
    return this.withCrossReferences(this.visibleMeta(id, viewer), viewer)
  }

  /**
   * The post with its links to other posts resolved for `viewer` (src/xref), at read time so
   * that the import order does not matter; the site, the API, feeds and `blog build` all read
   * posts here. A draft target is linked for admins only.
   */
  private async withCrossReferences(meta: PostMeta, viewer: Viewer): Promise<Post> {
    const post = await this.load(meta, viewer)
    const from = { id: meta.id, sourcePath: xrefSourcePath(meta.source) }
    return { ...post, html: await crossReferencesOf(this.store).resolveHtml(post.html, from, isAdmin(viewer)) }
  }

  /** A post's metadata if `viewer` may see it; "not found" otherwise (drafts for guests). */
  visibleMeta(id: number, viewer: Viewer): PostMeta {
    const meta = this.store.post(id)
    if (!meta || (meta.status !== 'published' && !isAdmin(viewer)))
      throw new BlogError('POST_NOT_FOUND', `No post with id ${id}.`)
    return meta
  }

  /**
   * Who may see a post and what hangs off it (images, the social card): 'public' when it is
   * published, 'admin' for a draft shown to an admin (never cached by shared caches), 'hidden'
   * for a draft a guest asks for or a post that does not exist.
   */
  visibility(idOrSlug: number | string, viewer: Viewer): 'public' | 'admin' | 'hidden' {
    const meta =
      typeof idOrSlug === 'string'
        ? this.store.postBySlug(idOrSlug)
        : Number.isSafeInteger(idOrSlug)
          ? this.store.post(idOrSlug)
          : null
    if (!meta) return 'hidden'
    if (meta.status === 'published') return 'public'
    return isAdmin(viewer) ? 'admin' : 'hidden'
  }

  /** Posts stored, drafts included (what `blog serve` says it serves). */
  count(): number {
    return this.store.posts().length
  }

  /** The plain text of a post listed by `visible()` (the static build's search index), from its latest revision. */
  async plainText(meta: PostMeta): Promise<string> {
    return (await this.store.body(this.store.post(meta.id) ?? meta)).plainText
  }

  private async load(meta: PostMeta, viewer: Viewer): Promise<Post> {
    const body = await this.store.body(meta)
    const neighbours = neighboursIn(this.visible(viewer), meta.id)
    if (body.renderVersion === RENDER_VERSION) return toPost(meta, body, neighbours)
    // Stored HTML from an older pipeline (or a migrated store): render now and keep it. On a
    // render worker, so no stored essay can stall the server; one that fails keeps its old HTML.
    let rendered: RenderResult
    try {
      rendered = await renderOffThread(body.content, body.document)
    } catch {
      return toPost(meta, body, neighbours)
    }
    const document = {
      ...(body.document ?? emptyEssayDocument()),
      anchors: anchorsAfterRender(body.document, rendered.anchors),
      reading: rendered.reading,
      macros: rendered.macros,
    }
    const fresh = {
      html: rendered.html,
      toc: rendered.toc,
      plainText: rendered.plainText,
      renderVersion: RENDER_VERSION,
      document,
    }
    // the read time follows the pipeline too (its rule may have changed with it)
    const length = { wordCount: rendered.wordCount, readTime: readTimeFor(rendered.readingLength) }
    const updated = await this.store.transact((tx) =>
      tx.post(meta.id)?.rev === meta.rev
        ? tx.update(meta.id, { updatedAt: meta.updatedAt, ...length }, fresh)
        : tx.post(meta.id),
    )
    return toPost(updated ?? meta, { ...body, ...fresh }, neighbours)
  }
}
