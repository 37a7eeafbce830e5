import { OWNER, type Actor } from '../auth/auth-service.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import type { PostsService } from '../posts/posts-service.js'
import { arxivFileName, exportArxiv } from './arxiv.js'

/** One exported file: its name for a download or `-o`, and its text. */
export interface ExportedFile {
  fileName: string
  text: string
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
  ) {}

  /** The arXiv-style LaTeX of a post, by slug (the CLI) or id (the site's share button). */
  async arxiv(post: string | number, actor: Actor): Promise<ExportedFile> {
    if (actor !== OWNER) requireAdmin(actor)
    const viewer = actor === OWNER ? OWNER_VIEWER : actor
    const found = typeof post === 'number' ? await this.posts.getById(post, viewer) : await this.posts.get(post, viewer)
    return { fileName: arxivFileName(found.slug), text: exportArxiv(found, { baseUrl: this.baseUrl() }) }
  }
}
