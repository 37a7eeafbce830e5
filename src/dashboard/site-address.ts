import type { Blog } from '../app/blog.js'
import { servingUrl } from '../core/serving-record.js'

/** Where the site is served now, when a `blog serve` of this data folder runs; else where it is configured to be. */
export function siteAddress(blog: Blog): string {
  return servingUrl(blog.config.dataDir) ?? blog.config.baseUrl
}
