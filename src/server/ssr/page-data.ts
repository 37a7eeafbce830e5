import type { Blog } from '../../core/blog.js'
import type { Viewer } from '../../core/viewer.js'
import { isBlogError } from '../../core/errors.js'
import type { PrefetchedQuery } from '../../../web/ssr-contract.js'
import { notFoundHead, pageHead, postHead, type HeadInfo } from './head.js'

export interface PageData {
  status: number
  queries: PrefetchedQuery[]
  head: HeadInfo
}

/** Top-level paths that are screens of the app, never post slugs. */
const APP_PATHS = new Set(['about', 'search', 'upload', 'manage', 'profile', 'admin-secret', 'posts', 'post', 'api', 'assets', 'media'])

/**
 * What a page needs before it can be rendered: the data (keyed as the client's react-query keys),
 * the HTTP status and the head tags. The React app decides the markup; this decides the facts.
 */
export async function loadPageData(blog: Blog, path: string, viewer: Viewer): Promise<PageData> {
  const site = blog.site()
  const list = async (): Promise<PrefetchedQuery> => ({ queryKey: ['/api/posts'], data: await blog.posts.list(viewer) })

  if (path === '/') {
    return { status: 200, queries: [await list()], head: pageHead(site, '/', `${site.name} — Latest Posts`) }
  }
  if (path === '/about') return { status: 200, queries: [], head: pageHead(site, '/about', `About · ${site.name}`) }
  if (path === '/search') return { status: 200, queries: [], head: { ...pageHead(site, '/search', `Search · ${site.name}`), noindex: true } }

  const postMatch = /^\/posts\/([^/]+)\/?$/.exec(path) ?? /^\/([^/]+)\/?$/.exec(path)
  const slug = postMatch ? safeDecode(postMatch[1]) : null
  const isPostsRoute = path.startsWith('/posts/')
  if (slug !== null && (isPostsRoute || !APP_PATHS.has(slug))) {
    try {
      const post = await blog.posts.get(slug, viewer)
      return { status: 200, queries: [{ queryKey: ['/api/posts', slug], data: post }, await list()], head: postHead(site, post) }
    } catch (e) {
      if (!isBlogError(e) || e.status !== 404) throw e
      // A missing post is seeded as null so the page says so on the server, with a real 404.
      return { status: 404, queries: [{ queryKey: ['/api/posts', slug], data: null }], head: notFoundHead(site, isPostsRoute ? 'Post not found' : 'Page Not Found') }
    }
  }
  return { status: 404, queries: [], head: notFoundHead(site) }
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}
