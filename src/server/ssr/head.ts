import type { Post } from '../../shared/schemas/index.js'
import type { SiteInfo } from '../../shared/site-info.js'
import { escapeHtml } from './escape.js'

export interface HeadInfo {
  title: string
  description: string
  /** Absolute canonical address; omitted for pages that should not be indexed. */
  canonical: string | null
  type: 'website' | 'article'
  image: string | null
  post?: Post
  noindex?: boolean
}

const truncate = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`)

export function postHead(site: SiteInfo, post: Post): HeadInfo {
  return {
    title: `${post.title} · ${site.name}`,
    description: truncate(post.metaDescription || post.excerpt || site.description, 300),
    canonical: `${site.baseUrl}/posts/${encodeURIComponent(post.slug)}`,
    type: 'article',
    image: post.bannerImage ? absolute(site, post.bannerImage) : null,
    post,
  }
}

export function pageHead(site: SiteInfo, path: string, title: string, description = site.description): HeadInfo {
  return { title, description, canonical: `${site.baseUrl}${path}`, type: 'website', image: null }
}

export function notFoundHead(site: SiteInfo, title = 'Page Not Found'): HeadInfo {
  return { title: `${title} · ${site.name}`, description: site.description, canonical: null, type: 'website', image: null, noindex: true }
}

const absolute = (site: SiteInfo, url: string) => (/^https?:\/\//.test(url) ? url : `${site.baseUrl}${url.startsWith('/') ? '' : '/'}${url}`)

/** The <head> tags for search engines and social cards. */
export function renderHead(site: SiteInfo, head: HeadInfo): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`]
  const meta = (attr: 'name' | 'property', key: string, value: string) => tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
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
  return tags.join('\n    ')
}
