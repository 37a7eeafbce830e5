import { createHash } from 'node:crypto'
import type { Post } from '../../shared/schemas/index.js'
import type { SiteInfo } from '../../shared/site-info.js'
import { FEED_PATHS } from '../../feeds/types.js'
import { escapeHtml, jsonForScript } from './escape.js'
import { articleJsonLd, websiteJsonLd, type JsonLd } from './json-ld.js'
import { essayCitation, scholarDate, type EssayCitation } from '../../shared/citation/essay-citation.js'

export interface HeadInfo {
  title: string
  description: string
  /** Absolute canonical address; omitted for pages that should not be indexed. */
  canonical: string | null
  type: 'website' | 'article'
  image: string | null
  post?: Post
  /** The post as a citation: its Google Scholar (Highwire Press) tags. */
  citation?: EssayCitation
  noindex?: boolean
  /** schema.org blocks for the page (BlogPosting/ScholarlyArticle, WebSite). */
  jsonLd?: JsonLd[]
}

const truncate = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`)

export function postHead(site: SiteInfo, post: Post): HeadInfo {
  const description = truncate(post.metaDescription || post.excerpt || site.description, 300)
  const canonical = `${site.baseUrl}/posts/${encodeURIComponent(post.slug)}`
  const image = absolute(site, socialImage(post))
  const citation = essayCitation(post, site)
  return {
    title: `${post.title} · ${site.name}`,
    description,
    canonical,
    type: 'article',
    image,
    post,
    citation,
    jsonLd: [articleJsonLd(site, post, { canonical, description, image, citation })],
  }
}

export function pageHead(site: SiteInfo, path: string, title: string, description = site.description): HeadInfo {
  const head: HeadInfo = { title, description, canonical: `${site.baseUrl}${path}`, type: 'website', image: null }
  // The home page speaks for the whole site, search box included.
  return path === '/' ? { ...head, jsonLd: [websiteJsonLd(site)] } : head
}

export function notFoundHead(site: SiteInfo, title = 'Page Not Found'): HeadInfo {
  return {
    title: `${title} · ${site.name}`,
    description: site.description,
    canonical: null,
    type: 'website',
    image: null,
    noindex: true,
  }
}

/**
 * The post's 1200×630 card: its banner when the site made it (stored banners have that size),
 * else one drawn from the title (`/og/posts/{slug}.png`, versioned by title and tags so a
 * changed title is fetched afresh). A banner hosted elsewhere has an unknown size, so it is
 * not announced as the card.
 */
export function socialImage(post: Pick<Post, 'slug' | 'title' | 'tags' | 'bannerImage'>): string {
  if (post.bannerImage?.startsWith('/media/')) return post.bannerImage
  const version = createHash('sha256')
    .update(JSON.stringify([post.title, post.tags]))
    .digest('hex')
    .slice(0, 10)
  return `/og/posts/${encodeURIComponent(post.slug)}.png?v=${version}`
}

const absolute = (site: SiteInfo, url: string) =>
  /^https?:\/\//.test(url) ? url : `${site.baseUrl}${url.startsWith('/') ? '' : '/'}${url}`

const FEEDS = [
  ['application/rss+xml', 'RSS', FEED_PATHS.rss],
  ['application/atom+xml', 'Atom', FEED_PATHS.atom],
  ['application/feed+json', 'JSON Feed', FEED_PATHS.json],
] as const

/** The <head> tags for search engines and social cards. */
export function renderHead(site: SiteInfo, head: HeadInfo): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`]
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
  meta('name', 'description', head.description)
  if (head.noindex) meta('name', 'robots', 'noindex')
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`)
  meta('property', 'og:site_name', site.name)
  meta('property', 'og:type', head.type)
  meta('property', 'og:title', head.post?.title ?? head.title)
  meta('property', 'og:description', head.description)
  if (head.canonical) meta('property', 'og:url', head.canonical)
  if (head.image) {
    meta('property', 'og:image', head.image)
    meta('property', 'og:image:width', '1200')
    meta('property', 'og:image:height', '630')
  }
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary')
  meta('name', 'twitter:title', head.post?.title ?? head.title)
  meta('name', 'twitter:description', head.description)
  if (head.image) meta('name', 'twitter:image', head.image)
  if (head.post) {
    meta('property', 'article:published_time', head.post.publishedAt)
    meta('property', 'article:modified_time', head.post.updatedAt)
    meta('property', 'article:author', head.post.author)
    for (const tag of head.post.tags) meta('property', 'article:tag', tag)
    meta('name', 'author', head.post.author)
  }
  if (head.citation) tags.push(...scholarTags(head.citation, head.post?.tags ?? []))
  // Feed readers and browsers discover the feeds from any page of the site.
  for (const [type, label, path] of FEEDS) {
    tags.push(
      `<link rel="alternate" type="${type}" title="${escapeHtml(`${site.name} (${label})`)}" href="${escapeHtml(site.baseUrl + path)}">`,
    )
  }
  // A data block, never executed, so the CSP's script-src does not apply; jsonForScript keeps
  // a `</script>` in a title from closing it early.
  for (const block of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`)
  return tags.join('\n    ')
}

/**
 * Google Scholar's Highwire Press tags, which Zotero's page reader also reads: the title, one
 * `citation_author` per author (as the author line spells the name), dates as YYYY/MM/DD, the
 * site as publisher, the DOI when the essay has one, and the canonical page as the abstract and
 * full text. No `citation_pdf_url`: the site makes no PDF of an essay (readers print the page).
 */
function scholarTags(c: EssayCitation, keywords: readonly string[]): string[] {
  const tags: [string, string][] = [['citation_title', c.title]]
  for (const author of c.authors) tags.push(['citation_author', author.written])
  tags.push(
    ['citation_publication_date', scholarDate(c.date)],
    ['citation_online_date', scholarDate(c.date)],
    ['citation_publisher', c.siteName],
  )
  if (c.doi) tags.push(['citation_doi', c.doi])
  tags.push(
    ['citation_abstract_html_url', c.url],
    ['citation_fulltext_html_url', c.url],
    ['citation_language', c.language],
  )
  if (keywords.length) tags.push(['citation_keywords', keywords.join('; ')])
  return tags.map(([name, value]) => `<meta name="${name}" content="${escapeHtml(value)}">`)
}
