import { join } from 'node:path'
import { OWNER, type Actor } from '../auth/auth-service.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import { renderOffThread } from '../importer/render-pool.js'
import type { PostsService } from '../posts/posts-service.js'
import type { EssayDocument, Post } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import type * as Arxiv from './arxiv.js'
import type { ArxivPost } from './arxiv.js'
import { figureBytes, rasterised } from './figure-bytes.js'
import { tarGz, type ArchiveEntry } from './tar-archive.js'
import { dataFolder } from '../core/data-folder.js'

/** One exported file: its name for a download or `-o`, and its text. */
export interface ExportedFile {
  fileName: string
  text: string
}

/** An arXiv submission: the `.tex` and the figures it includes, as one `.tar.gz`. */
export interface ExportedArchive {
  fileName: string
  bytes: Buffer
  /** Figures the archive holds, and stored figures it could not (a file gone from the media folder). */
  figures: number
  missing: string[]
}

/** What the export reads of a stored post besides the post itself: its essay document and where media live. */
export interface EssaySources {
  document(postId: number): Promise<EssayDocument | undefined>
  /** `data/media/assets`. */
  assetDir: string
}

/** The terminal owner reads every post, drafts included, as an admin on the site does. */
const OWNER_VIEWER: Viewer = { userId: null, role: 'admin' }

/**
 * Exports of a post. Admin-only on the site (DECISIONS.md); the terminal owner (`OWNER`, the
 * `blog export` command) has the data folder and needs no sign-in.
 */
export class ExportService {
  constructor(
    private readonly posts: PostsService,
    private readonly baseUrl: () => string,
    private readonly sources: EssaySources,
  ) {}

  /** The arXiv-style LaTeX of a post, by slug (the CLI) or id (the site's share button): figures show their address. */
  async arxiv(post: string | number, actor: Actor): Promise<ExportedFile> {
    const input = await this.read(post, actor)
    const { arxivFileName, exportArxivSource } = await loadArxiv()
    return { fileName: arxivFileName(input.slug), text: exportArxivSource(input, { baseUrl: this.baseUrl() }).tex }
  }

  /** The same, as a `.tar.gz` an arXiv submission takes: `{slug}.tex` and `figures/`, the stored figures included with `\includegraphics`. */
  async arxivArchive(post: string | number, actor: Actor): Promise<ExportedArchive> {
    const input = await this.read(post, actor)
    const { exportArxivSource, jobName } = await loadArxiv()
    const { tex, figures } = exportArxivSource(input, { baseUrl: this.baseUrl(), figureFiles: true })
    const entries: ArchiveEntry[] = [{ path: `${jobName(input.slug)}.tex`, bytes: Buffer.from(tex, 'utf8') }]
    const missing: string[] = []
    for (const figure of figures) {
      const bytes = figure.asset
        ? await figureBytes(join(this.sources.assetDir, figure.asset), figure.convert)
        : await rasterised(Buffer.from(figure.svg ?? '', 'utf8'))
      if (bytes) entries.push({ path: figure.path, bytes })
      else missing.push(figure.asset ?? figure.path)
    }
    return {
      fileName: `${jobName(input.slug)}-arxiv.tar.gz`,
      bytes: tarGz(entries, new Date(input.publishedAt)),
      figures: entries.length - 1,
      missing,
    }
  }

  /**
   * The post as the export reads it: the stored HTML (re-rendered by the posts service when it is
   * from an older pipeline) and its essay document. A document from before the export's needs
   * (no equation anchors, no reading) is made again through the render path, never by parsing
   * the markdown here.
   */
  private async read(post: string | number, actor: Actor): Promise<ArxivPost> {
    if (actor !== OWNER) requireAdmin(actor)
    const viewer = actor === OWNER ? OWNER_VIEWER : actor
    const found: Post =
      typeof post === 'number' ? await this.posts.getById(post, viewer) : await this.posts.get(post, viewer)
    const document = await this.sources.document(found.id)
    const summaryHtml = found.summary?.trim() ? (await renderOffThread(found.summary)).html : null
    return {
      title: found.title,
      slug: found.slug,
      author: found.author,
      publishedAt: found.publishedAt,
      excerpt: found.excerpt,
      html: found.html,
      bibliography: found.bibliography,
      tags: found.tags,
      summaryHtml,
      references: document?.references,
      anchors: document?.anchors,
      macros: document?.macros,
    }
  }
}

/**
 * A post's essay document as the import stored it with its body, and the media folder.
 * (Named for what it first gave the export, the cited entries; the composition root wires it.)
 */
export function citedEntriesIn(store: Pick<Store, 'post' | 'body' | 'dataDir'>): EssaySources {
  return {
    assetDir: dataFolder(store.dataDir).assetsDir,
    async document(postId) {
      const meta = store.post(postId)
      return meta ? (await store.body(meta)).document : undefined
    },
  }
}

/** The LaTeX writer (hast-util-raw, parse5) is loaded by the first export, not by every `blog` command. */
function loadArxiv(): Promise<typeof Arxiv> {
  return import('./arxiv.js')
}
