import { watchStore, type Store } from '../store/index.js'
import type { BlogConfig, ConfigInput } from '../core/config.js'
import type { BlogEventBus } from '../core/events.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import { PostsService } from '../posts/posts-service.js'
import { PostManager } from '../posts/post-manager.js'
import { aiStatusOf } from '../ai/ai-status.js'
import type { AiStatus } from '../shared/schemas/index.js'
import type { ImportService } from '../importer/import-service.js'
import { openImportParts } from './importer.js'
import { PostEditor } from '../posts/post-editor.js'
import type { SiteInfo } from '../shared/site-info.js'
import { AuthService } from '../auth/auth-service.js'
import { loadSessionSecret } from '../auth/session-secret.js'
import { createMailer, type Mailer } from '../mail/mailer.js'
import { RateLimiters } from '../core/rate-limiters.js'
import { SiteContentService } from '../site/site-content-service.js'
import { NewsletterService } from '../newsletter/newsletter-service.js'
import { AlertsService } from '../newsletter/alerts-service.js'
import { CommentsService } from '../comments/comments-service.js'
import { TrackingService } from '../tracking/tracking-service.js'
import { citedEntriesIn, ExportService } from '../export/export-service.js'
import { ImagesService, type ImageProvider } from '../images/images-service.js'
import { MediaStore } from '../media/media-store.js'
import { chooseProvider } from '../ai/choose-provider.js'
import type { AiProvider } from '../ai/provider.js'
import { JobsService } from '../jobs/jobs-service.js'
import { EnhanceService } from '../enhance/enhance-service.js'
import { UploadService } from '../uploads/upload-service.js'
import { SearchService } from '../search/search-service.js'
import { crossReferencesOf } from '../xref/cross-reference-index.js'
import { DiscoveryService } from '../discovery/discovery-service.js'
import { FeedsService } from '../feeds/feeds-service.js'

export interface CreateBlogOptions extends ConfigInput {
  env?: NodeJS.ProcessEnv
  now?: () => Date
  /** Where services report what they did in the background (default: standard error). */
  log?: (message: string) => void
  /** Tests inject a fake; otherwise SMTP or the outbox folder, by setting. */
  mailer?: Mailer
}

/**
 * The composition root: one Blog per data folder, with a service per domain. The CLI, the
 * server, the dashboard and the static build are adapters over this object and never reach
 * past it: it has no store, so what a viewer may see is decided by the services.
 */
export interface Blog {
  config: BlogConfig
  events: BlogEventBus
  posts: PostsService
  /** The owner's Post Manager: search, filters and pages over every post. */
  manage: PostManager
  /** Which provider answers generation calls, for the owner's screens (admins only). */
  aiStatus(viewer: Viewer): AiStatus
  /** Full-text, filtered and semantic search; kept in step with the store. */
  search: SearchService
  importer: ImportService
  /** The owner's edits: update, publish, delete, clear annotations. */
  editor: PostEditor
  auth: AuthService
  siteContent: SiteContentService
  newsletter: NewsletterService
  /** New-post alerts; the serving process starts them (`alerts.start()`). */
  alerts: AlertsService
  comments: CommentsService
  tracking: TrackingService
  /** arXiv export: admins on the site, the terminal owner from `blog export`. */
  export: ExportService
  /** Banner and content images, and the social card of posts without a banner. */
  images: ImagesService
  /** Persistent jobs (images, bulk annotations/bibliographies); the serving process runs them (`jobs.start()`). */
  jobs: JobsService
  /** AI enhancement: annotations, bibliography, summary, model; the job runner's EnhanceRunner. */
  enhance: EnhanceService
  /** Essays uploaded from the workspace: imported, and a banner queued for each new post without one. */
  uploads: UploadService
  /** Related posts, the smart sidebar and the owner's essay analytics. */
  discovery: DiscoveryService
  /** RSS, Atom, JSON Feed, sitemap and robots.txt, rebuilt when a post changes. */
  feeds: FeedsService
  mailer: Mailer
  /** Signs session cookies (BLOG_SESSION_SECRET, else generated once into the data folder). */
  sessionSecret: string
  site(): SiteInfo
  /**
   * Follow writes other processes make to the data folder (a CLI import while the server or
   * the dashboard runs), so this process's services see them; `close()` stops following.
   */
  watchDataFolder(opts?: { onError?: (e: unknown) => void }): { close(): Promise<void> }
  close(): Promise<void>
}

/** The Blog with the store it was built on: for the data-folder tools and the tests, never an adapter. */
export interface OpenedBlog extends Blog {
  readonly store: Store
}

/** Open the data folder and wire every service over it. */
export const createBlog: (options?: CreateBlogOptions) => Promise<Blog> = openBlog

/** createBlog, with the store left visible (see OpenedBlog). */
export async function openBlog(options: CreateBlogOptions = {}): Promise<OpenedBlog> {
  const {
    env = process.env,
    now = () => new Date(),
    log = (m: string) => console.error(m),
    mailer: injectedMailer,
    ...input
  } = options
  const { config, store, events, importer } = await openImportParts({ ...input, env, now })
  const mailer =
    injectedMailer ??
    createMailer({
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      from:
        config.mailFrom ?? `"${config.siteName.replace(/["\\]/g, '')}" <no-reply@${new URL(config.baseUrl).hostname}>`,
    })
  const auth = new AuthService({ store, config, mailer, now, log })
  const limits = new RateLimiters(now)
  store.on('change', (change) => events.emit('post:changed', change))
  // Embeddings for semantic search only from a configured openai provider; else the local index.
  let embedder: AiProvider | null | undefined
  const search = new SearchService({
    store,
    log,
    provider: () =>
      (embedder ??= config.aiProvider === 'openai' && config.openaiApiKey ? chooseProvider(config) : null),
  })
  const posts = new PostsService(store, search)
  // Images come from the configured provider (openai with a key, else local), made on first use.
  let imageProvider: ImageProvider | undefined
  const images = new ImagesService({
    store,
    media: new MediaStore(config.dataDir),
    provider: () => (imageProvider ??= chooseProvider(config)),
    now,
    log,
  })
  const jobs = new JobsService({ store, events, images, enhance: () => blog.enhance, now, log })
  const blog: OpenedBlog = {
    config,
    store,
    events,
    posts,
    manage: new PostManager(posts, store),
    aiStatus: (viewer) => {
      requireAdmin(viewer)
      return aiStatusOf(config)
    },
    search,
    importer,
    editor: new PostEditor(store),
    auth,
    siteContent: new SiteContentService(store),
    newsletter: new NewsletterService(store, limits, now),
    alerts: new AlertsService({ store, config, mailer, now, log }),
    comments: new CommentsService(store, posts, limits, now),
    tracking: new TrackingService(config.dataDir, limits, now),
    export: new ExportService(posts, () => config.baseUrl, citedEntriesIn(store)),
    images,
    jobs,
    enhance: new EnhanceService({ store, config, now, images, log }),
    uploads: new UploadService({ store, importer, jobs, now }),
    discovery: new DiscoveryService({
      store,
      posts,
      tracking: () => blog.tracking,
      provider: () =>
        (embedder ??= config.aiProvider === 'openai' && config.openaiApiKey ? chooseProvider(config) : null),
      log,
    }),
    mailer,
    sessionSecret: await loadSessionSecret(config.dataDir, env),
    feeds: new FeedsService({ posts, events, site: () => blog.site() }),
    site: () => ({
      name: config.siteName,
      ownerName: config.ownerName,
      baseUrl: config.baseUrl,
      description: config.siteDescription,
    }),
    watchDataFolder: (opts = {}) => watchStore(store, opts),
    close: async () => {
      await blog.jobs.stop()
      await search.close()
      await auth.idle()
      // the labels learnt by this process, for the next one (xref/anchor-cache.ts)
      await crossReferencesOf(store).saved()
      store.removeAllListeners()
      events.removeAllListeners()
    },
  }
  return blog
}
