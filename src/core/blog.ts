import { Store } from '../store/index.js'
import { loadConfig, type BlogConfig, type ConfigInput } from './config.js'
import { BlogEventBus } from './events.js'
import { PostsService } from '../posts/posts-service.js'
import { ImportService } from '../importer/import-service.js'
import type { SiteInfo } from '../shared/site-info.js'

export interface CreateBlogOptions extends ConfigInput {
  env?: NodeJS.ProcessEnv
  now?: () => Date
}

/**
 * The composition root: one Blog per data folder, with a service per domain. The CLI, the
 * server and the dashboard are adapters over this object and never reach past it.
 */
export interface Blog {
  config: BlogConfig
  store: Store
  events: BlogEventBus
  posts: PostsService
  importer: ImportService
  site(): SiteInfo
  close(): Promise<void>
}

export async function createBlog(options: CreateBlogOptions = {}): Promise<Blog> {
  const { env, now, ...input } = options
  const config = loadConfig(input, env)
  const store = await Store.open(config.dataDir, { now })
  const events = new BlogEventBus()
  store.on('change', (change) => events.emit('post:changed', change))
  const blog: Blog = {
    config,
    store,
    events,
    posts: new PostsService(store),
    importer: new ImportService(store, config, events),
    site: () => ({ name: config.siteName, ownerName: config.ownerName, baseUrl: config.baseUrl, description: config.siteDescription }),
    close: async () => {
      store.removeAllListeners()
      events.removeAllListeners()
    },
  }
  return blog
}
