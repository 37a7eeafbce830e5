import { postKeys } from './api/posts.js'
import { searchKeys } from './api/search.js'
import { canSearch, parseSearchState } from './lib/search-params.js'
import { siteKeys } from './api/site.js'

/**
 * The site's routes (SPEC §2), in matching order. Pure data, so the server can resolve a URL,
 * pick a status code and prefetch without rendering; web/app-routes.tsx maps each name to its
 * page component.
 */
export const ROUTES = [
  { name: 'home', path: '/', access: 'everyone' },
  { name: 'search', path: '/search', access: 'everyone' },
  { name: 'about', path: '/about', access: 'everyone' },
  { name: 'upload', path: '/upload', access: 'admin' },
  { name: 'manage', path: '/manage', access: 'admin' },
  { name: 'profile', path: '/profile', access: 'admin' },
  { name: 'admin-secret', path: '/admin-secret', access: 'everyone' },
  { name: 'post', path: '/posts/:slug', access: 'everyone' },
  /** The alternative post address (related-post links use it); canonical is /posts/{slug}. */
  { name: 'post-alias', path: '/:slug', access: 'everyone' },
] as const satisfies readonly RouteDef[]

/**
 * First path segments that are never a post slug at /{slug}: server paths. They render
 * 'Page Not Found'.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(['posts', 'post', 'api', 'assets', 'media'])

export interface RouteDef {
  name: string
  path: string
  access: 'everyone' | 'admin'
}

export type RouteName = (typeof ROUTES)[number]['name'] | 'not-found'

export interface ResolvedRoute {
  name: RouteName
  /** The route's pattern, or null for the 404 page. */
  path: string | null
  params: Record<string, string>
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Matches a pathname against one pattern: static segments compare case-insensitively,
 * `:name` takes one non-empty segment, and a trailing slash is ignored (as wouter does).
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const split = (p: string) => p.replace(/\/+$/, '').split('/').slice(1)
  const want = split(pattern)
  const have = split(pathname)
  if (want.length !== have.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]
    const h = have[i]
    if (w.startsWith(':')) {
      if (!h) return null
      params[w.slice(1)] = decode(h)
    } else if (w.toLowerCase() !== h.toLowerCase()) {
      return null
    }
  }
  return params
}

/** Which page a pathname shows; 'not-found' for anything else (the 'Page Not Found' page). */
export function resolveRoute(pathname: string): ResolvedRoute {
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname || '/')
    if (!params) continue
    if (route.name === 'post-alias' && RESERVED_SEGMENTS.has(params.slug.toLowerCase())) continue
    return { name: route.name, path: route.path, params }
  }
  return { name: 'not-found', path: null, params: {} }
}

export interface PrefetchSpec {
  /** The react-query key to seed (`RenderRequest.queries[].queryKey`). */
  queryKey: readonly string[]
  /** The API path whose JSON answer is the data: queryKey parts joined with '/'. */
  apiPath: string
}

const spec = (queryKey: readonly string[]): PrefetchSpec => ({ queryKey, apiPath: queryKey.join('/') })

/**
 * What the server should fetch before rendering `url` (path and query string), keyed exactly
 * as the pages ask for it. For a post whose slug does not exist, seed `null` as the post's
 * data: the page then renders 'Post not found' (and the server should answer 404).
 */
export function prefetchPlan(url: string): { route: ResolvedRoute; queries: PrefetchSpec[] } {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const route = resolveRoute(pathname)
  const queries: PrefetchSpec[] = []
  switch (route.name) {
    case 'home': {
      const search = (searchParams.get('search') ?? '').trim()
      queries.push(spec(search ? postKeys.search(search) : postKeys.list()))
      break
    }
    case 'search': {
      const state = parseSearchState(searchParams.toString())
      if (canSearch(state)) queries.push(spec(searchKeys.advanced(state)))
      break
    }
    case 'post':
    case 'post-alias':
      // The post carries its own neighbours, so the page does not need the whole list.
      queries.push(spec(postKeys.detail(route.params.slug)))
      break
    case 'about':
      queries.push(spec(siteKeys.about()))
      break
    default:
      break
  }
  // every page ends with the footer, whose texts the owner edits
  queries.push(spec(siteKeys.footer()))
  return { route, queries }
}
