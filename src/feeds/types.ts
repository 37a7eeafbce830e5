import type { SiteInfo } from '../shared/site-info.js'

/** One post as every feed format needs it: absolute addresses, rendered HTML, no TeX. */
export interface FeedEntry {
  /** The canonical address, `${baseUrl}/posts/{slug}`; also the entry's id (stable: slugs never change). */
  url: string
  title: string
  /** The excerpt (or meta description), plain text. */
  summary: string
  /** The stored rendered HTML with absolute addresses, its formulas as MathML only (feed-math.ts). */
  html: string
  /** Each author the post's author line names, in reading order (shared/authors.ts). */
  authors: string[]
  tags: string[]
  publishedAt: string
  updatedAt: string
  /** The banner, absolute, when the post has one. */
  image: string | null
}

/** What a renderer gets: the site, the entries newest first, and the feed's own date. */
export interface FeedInput {
  site: SiteInfo
  entries: FeedEntry[]
  /** ISO date of the newest change among the entries. */
  updated: string
}

export const FEED_PATHS = { rss: '/rss.xml', atom: '/atom.xml', json: '/feed.json' } as const
