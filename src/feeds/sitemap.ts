import type { SiteInfo } from '../shared/site-info.js'
import { xmlElement } from './xml.js'
import { API_PREFIX } from '../shared/api/endpoints.js'

export interface SitemapUrl {
  /** Absolute address. */
  loc: string
  /** ISO date of the last change, when known. */
  lastmod: string | null
}

/**
 * The pages worth indexing besides the posts. /search is left out on purpose: its head says
 * `noindex` (page-data.ts), and a sitemap that lists a noindex page is reported as an error by
 * search consoles. Add it back here if that page is ever made indexable.
 */
export const STATIC_PAGES = ['/', '/about'] as const

/** W3C Datetime at second precision, the form every sitemap reader accepts. */
const w3cDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * A sitemaps.org urlset. One file holds up to 50,000 addresses, far beyond a personal blog;
 * a site that grows past it would need a sitemap index.
 */
export function renderSitemap(urls: SitemapUrl[]): string {
  const body = urls.map(
    (u) => `  <url>${xmlElement('loc', u.loc)}${u.lastmod ? xmlElement('lastmod', w3cDate(u.lastmod)) : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body.join('\n')}
</urlset>
`
}

/** The owner's screens and the API are of no use to a crawler (DECISIONS.md: admin paths). */
export const DISALLOWED = ['/upload', '/manage', '/profile', '/admin-secret', `${API_PREFIX}/`] as const

/** robots.txt (RFC 9309). Paths carry the base URL's own path, for a site served from a sub-path. */
export function renderRobots(site: SiteInfo): string {
  const prefix = new URL(site.baseUrl).pathname.replace(/\/+$/, '')
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${prefix}${p}`),
    '',
    `Sitemap: ${site.baseUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
