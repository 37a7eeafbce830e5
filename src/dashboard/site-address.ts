import type { Blog } from '../app/blog.js'
import { servingUrl } from '../core/serving-record.js'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0'])

/**
 * Where the site's pages are opened: its public address when one is configured; else, when a
 * `blog serve` of this data folder runs, where it really serves (its port may not be the
 * default's); else the configured local address.
 */
export function siteAddress(blog: Blog): string {
  const configured = blog.config.baseUrl
  if (!LOCAL_HOSTS.has(new URL(configured).hostname)) return configured
  return servingUrl(blog.config.dataDir) ?? configured
}
