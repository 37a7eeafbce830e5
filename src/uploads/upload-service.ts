import { OWNER, type Actor } from '../auth/auth-service.js'
import { requireAdmin } from '../core/viewer.js'
import type { ImportService } from '../importer/import-service.js'
import { isSupportingUpload, type Upload } from '../importer/files/uploads.js'
import type { JobsService } from '../jobs/jobs-service.js'
import { backdatedNotice, isBackdated } from '../newsletter/backdated.js'
import { ImageOptionsSchema, type PostStatus } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'

export interface UploadResult {
  posts: { id: number; slug: string; title: string; status: PostStatus }[]
  files: {
    name: string
    status: 'imported' | 'updated' | 'unchanged' | 'failed'
    slug: string | null
    error: string | null
    /** What the owner should know of a new post's outcome: dated in the past, it is not announced. */
    notice: string | null
  }[]
  summary: { imported: number; updated: number; unchanged: number; failed: number }
  /** Posts whose banner is being made now (a banner job was queued for each). */
  bannerJobs: number
}

/**
 * Essays uploaded from the workspace (SPEC §2 /upload): imported like `blog import`, and a new
 * post that came without a banner gets one made in the background, which the upload list shows
 * as 'generating-image' until its job is done. Updated posts keep the images they have.
 */
export class UploadService {
  constructor(private readonly o: { store: Store; importer: ImportService; jobs: JobsService; now?: () => Date }) {}

  async receive(actor: Actor, files: Upload[]): Promise<UploadResult> {
    if (actor !== OWNER) requireAdmin(actor)
    // Figures and .bib files come along with the essays; every other file is answered for.
    const essays = files.filter((f) => !isSupportingUpload(f.name))
    const report = await this.o.importer.importUploads(
      essays,
      files.filter((f) => isSupportingUpload(f.name)),
    )
    const posts: UploadResult['posts'] = []
    const needBanner: number[] = []
    const now = this.o.now?.() ?? new Date()
    const notices = report.files.map((f) => {
      const meta = f.slug && f.status !== 'failed' ? this.o.store.postBySlug(f.slug) : null
      if (!meta) return null
      posts.push({ id: meta.id, slug: meta.slug, title: meta.title, status: meta.status })
      if (f.status === 'imported' && !meta.bannerImage) needBanner.push(meta.id)
      // Only a new post: an updated one was announced, or not, when it first came.
      return f.status === 'imported' && isBackdated(meta.publishedAt, now) ? backdatedNotice(meta.publishedAt) : null
    })
    for (const id of needBanner) {
      await this.o.jobs.enqueue(actor, id, 'images', {
        imageType: 'banner',
        imageOptions: ImageOptionsSchema.parse({}),
      })
    }
    return {
      posts,
      files: report.files.map((f, i) => ({
        name: essays[i].name,
        status: f.status,
        slug: f.slug,
        error: f.error,
        notice: notices[i],
      })),
      summary: report.summary,
      bannerJobs: needBanner.length,
    }
  }
}
