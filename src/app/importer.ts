import { Store } from '../store/index.js'
import { loadConfig, type BlogConfig, type ConfigInput } from '../core/config.js'
import { BlogEventBus } from '../core/events.js'
import { ImportService, type ImportReport } from '../importer/import-service.js'
import { isBackdated } from '../newsletter/backdated.js'
import type { CreateBlogOptions } from './blog.js'

/** The importer alone over a data folder: what `blog import` needs of the Blog. */
export interface Importer {
  config: BlogConfig
  events: BlogEventBus
  importer: ImportService
  /** The posts a report newly imported dated more than 30 days back: listed by that date, never announced. */
  backdated(report: ImportReport): { slug: string; publishedAt: string }[]
  close(): Promise<void>
}

/** What a Blog and an Importer are both built on: the data folder's store and one ImportService over it. */
export async function openImportParts(
  options: Pick<CreateBlogOptions, 'dataDir' | 'baseUrl' | 'env' | 'now'> & ConfigInput,
): Promise<{ config: BlogConfig; store: Store; events: BlogEventBus; importer: ImportService }> {
  const { env = process.env, now = () => new Date(), ...input } = options
  const config = loadConfig(input, env)
  const store = await Store.open(config.dataDir, { now })
  const events = new BlogEventBus()
  return { config, store, events, importer: new ImportService(store, config, events, now) }
}

/**
 * Opens the data folder for importing only. The same ImportService as the Blog's, without
 * the services a one-off `blog import` never calls (accounts, mail, search, images, feeds):
 * their code is not even loaded, a third of an unchanged re-import's time.
 */
export async function openImporter(
  options: Pick<CreateBlogOptions, 'dataDir' | 'baseUrl' | 'env' | 'now'> = {},
): Promise<Importer> {
  const { config, store, events, importer } = await openImportParts(options)
  const now = options.now ?? (() => new Date())
  return {
    config,
    events,
    importer,
    backdated: (report) =>
      report.files.flatMap((f) => {
        const post = f.status === 'imported' && f.slug ? store.postBySlug(f.slug) : null
        return post && isBackdated(post.publishedAt, now()) ? [{ slug: post.slug, publishedAt: post.publishedAt }] : []
      }),
    close: async () => {
      store.removeAllListeners()
      events.removeAllListeners()
    },
  }
}
