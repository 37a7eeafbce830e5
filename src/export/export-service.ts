import { OWNER, type Actor } from '../auth/auth-service.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import type { PostsService } from '../posts/posts-service.js'
import type { CslEntry } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
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
    /** The entries a post's citations resolved to at import; undefined for a post read before citations were. */
    private readonly citedEntries: (postId: number) => Promise<readonly CslEntry[] | undefined>,
  ) {}

  /** The arXiv-style LaTeX of a post, by slug (the CLI) or id (the site's share button). */
  async arxiv(post: string | number, actor: Actor): Promise<ExportedFile> {
    if (actor !== OWNER) requireAdmin(actor)
    const viewer = actor === OWNER ? OWNER_VIEWER : actor
    const found = typeof post === 'number' ? await this.posts.getById(post, viewer) : await this.posts.get(post, viewer)
    const references = await this.citedEntries(found.id)
    return { fileName: arxivFileName(found.slug), text: exportArxiv({ ...found, references }, { baseUrl: this.baseUrl() }) }
  }
}

/** A post's cited entries as the import stored them with its body (`document.references`). */
export function citedEntriesIn(store: Pick<Store, 'post' | 'body'>): (postId: number) => Promise<readonly CslEntry[] | undefined> {
  return async (postId) => {
    const meta = store.post(postId)
    return meta ? (await store.body(meta)).document?.references : undefined
  }
}
