import type { Store } from '../store/index.js'
import { BlogError } from '../core/errors.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import { contentHash } from '../markdown/render-cache.js'
import { anchorsAfterRender } from '../markdown/document-context.js'
import { RENDER_VERSION } from '../markdown/types.js'
import { renderOffThread } from '../importer/render-pool.js'
import {
  emptyEssayDocument,
  type EssayDocument,
  type PostBody,
  type PostMeta,
  type PostUpdate,
  type TocEntry,
} from '../shared/schemas/index.js'
import { readTimeFor } from '../shared/read-time.js'

/**
 * The owner's changes to posts: edit, publish/unpublish, delete, clear annotations. Every
 * method checks the viewer first, so no adapter can skip the rule.
 */
export class PostEditor {
  constructor(private readonly store: Store) {}

  /**
   * POST /api/preview: the text as the post's page would show it. With a post, its imported
   * document (stored figures, the entries of its `.bib`) is the context, as in `update`; a post
   * that does not exist is an error rather than a preview quietly missing its figures.
   */
  async preview(
    viewer: Viewer,
    input: { content: string; postId?: number },
  ): Promise<{ html: string; toc: TocEntry[] }> {
    requireAdmin(viewer)
    let document: EssayDocument | undefined
    if (input.postId !== undefined) {
      const post = this.store.post(input.postId)
      if (!post) throw new BlogError('POST_NOT_FOUND', `No post with id ${input.postId}.`)
      document = (await this.store.body(post)).document
    }
    // On a render worker, under its time and memory limits: a preview cannot stall the server.
    const { html, toc } = await renderOffThread(input.content, document)
    return { html, toc }
  }

  /** PUT /api/posts/{id}: the given fields only; new content is rendered by the site's pipeline. */
  async update(viewer: Viewer, id: number, input: PostUpdate): Promise<PostMeta> {
    requireAdmin(viewer)
    const { content, enhancedContent, ...fields } = input
    // The import's document (stored figures, cited entries) is the render's context, so an edit
    // keeps them; it stays as imported, so a figure cut and pasted back in a later edit returns.
    const before = content !== undefined ? this.store.post(id) : null
    const document = before ? (await this.store.body(before)).document : undefined
    // On a render worker: an edit cannot stall the server, and one that fails saves nothing.
    const rendered = content !== undefined ? await renderOffThread(content, document) : null
    return this.store.transact(async (tx) => {
      const current = tx.post(id)
      if (!current) throw new BlogError('POST_NOT_FOUND', `No post with id ${id}.`)
      const meta: Partial<PostMeta> = { ...fields }
      const body: Partial<PostBody> = {}
      if (enhancedContent !== undefined) body.enhancedContent = enhancedContent
      if (content !== undefined && rendered) {
        // Labels and the reading follow the new text; figures and entries stay the render's context.
        const edited = {
          ...(document ?? emptyEssayDocument()),
          anchors: anchorsAfterRender(document, rendered.anchors),
          reading: rendered.reading,
          macros: rendered.macros,
        }
        Object.assign(body, {
          content,
          html: rendered.html,
          toc: rendered.toc,
          plainText: rendered.plainText,
          renderVersion: RENDER_VERSION,
          document: edited,
        })
        Object.assign(meta, {
          wordCount: rendered.wordCount,
          readTime: readTimeFor(rendered.readingLength),
          contentHash: contentHash(content),
        })
      }
      return tx.update(id, meta, Object.keys(body).length ? body : undefined)
    })
  }

  async remove(viewer: Viewer, id: number): Promise<void> {
    requireAdmin(viewer)
    await this.store.transact((tx) => {
      if (!tx.remove(id)) throw new BlogError('POST_NOT_FOUND', `No post with id ${id}.`)
    })
  }

  /** Bulk delete: one write; ids that don't exist are skipped and not counted. */
  async removeMany(viewer: Viewer, ids: number[]): Promise<number> {
    requireAdmin(viewer)
    return this.store.transact((tx) => ids.filter((id) => tx.remove(id)).length)
  }

  /** DELETE /api/posts/annotations: drops stored annotations; answers how many posts had some. */
  async clearAnnotations(viewer: Viewer, ids: number[]): Promise<number> {
    requireAdmin(viewer)
    return this.store.transact(async (tx) => {
      let updated = 0
      for (const id of new Set(ids)) {
        if (!tx.post(id)) continue
        const body = await tx.body(id)
        if (body.annotations === null && body.annotatedContent === null) continue
        await tx.update(id, {}, { annotations: null, annotatedContent: null })
        updated += 1
      }
      return updated
    })
  }
}
