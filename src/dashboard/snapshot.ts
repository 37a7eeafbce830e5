import { OWNER } from '../auth/auth-service.js'
import type { Blog } from '../app/blog.js'
import type { Job, PostMeta } from '../shared/schemas/index.js'
import type { Enhancement } from '../posts/enhancement-index.js'
import { siteAddress } from './site-address.js'
import { TERMINAL_OWNER } from './owner.js'

export interface PostRow {
  id: number
  title: string
  slug: string
  status: 'draft' | 'published'
  featured: boolean
  readTime: number
  enhancements: Enhancement[]
  url: string
}

export interface PendingComment {
  id: number
  postTitle: string
  name: string
  text: string
  createdAt: string
}

export interface RecentImport {
  slug: string
  title: string
  path: string
  at: string
}

/** Everything the dashboard shows that lives in the data folder, read through the core. */
export interface Snapshot {
  dataDir: string
  baseUrl: string
  posts: PostRow[]
  jobs: Job[]
  pendingJobs: number
  subscribers: number
  pendingComments: PendingComment[]
  recentImports: RecentImport[]
}

const RECENT_IMPORTS = 5

/** When the post was last imported: posts imported before imports were dated count from their creation. */
function importedAt(m: PostMeta): string {
  return m.source?.importedAt ?? m.createdAt
}

/** Reads snapshots of one blog (what the bodies hold is remembered by the core between reads). */
export class SnapshotReader {
  constructor(private readonly blog: Blog) {}

  async read(): Promise<Snapshot> {
    const { blog } = this
    const metas = blog.posts.visible(TERMINAL_OWNER)
    // the Post Manager's index: bodies read once for both
    const enhanced = await blog.manage.enhancementsOf(metas)
    const jobs = blog.jobs.status(OWNER)
    const titles = new Map(metas.map((m) => [m.id, m.title]))
    const baseUrl = siteAddress(blog)
    return {
      dataDir: blog.config.dataDir,
      baseUrl,
      posts: metas.map((m) => ({
        id: m.id,
        title: m.title,
        slug: m.slug,
        status: m.status,
        featured: m.featured === 1,
        readTime: m.readTime,
        enhancements: enhanced.get(m.id) ?? [],
        url: `${baseUrl}/posts/${m.slug}`,
      })),
      jobs: jobs.jobs,
      pendingJobs: jobs.pendingJobs,
      subscribers: blog.newsletter.subscribers(TERMINAL_OWNER).length,
      pendingComments: blog.comments.pending(TERMINAL_OWNER).map((c) => ({
        id: c.id,
        postTitle: titles.get(c.postId) ?? `post ${c.postId}`,
        name: c.name,
        text: c.text,
        createdAt: c.createdAt,
      })),
      // Imports by any process leave their mark on the posts (a source file); failures are only known to the process that ran them.
      recentImports: metas
        .flatMap((m) => (m.source ? [{ slug: m.slug, title: m.title, path: m.source.path, at: importedAt(m) }] : []))
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, RECENT_IMPORTS),
    }
  }
}
