import type { Blog } from '../../app/blog.js'
import type { Viewer } from '../../core/viewer.js'
import { isBlogError } from '../../core/errors.js'
import { SearchQuerySchema, type Post } from '../../shared/schemas/index.js'
import type { PrefetchedQuery } from '../../../web/ssr-contract.js'
import { prefetchPlan } from '../../../web/entry-server.js'
import { authKeys } from '../../../web/api/auth.js'
import { findQueryEndpoint, type FoundQuery } from '../../shared/api/find-endpoint.js'
import { notFoundHead, pageHead, postHead, type HeadInfo } from './head.js'

export interface PageData {
  status: number
  queries: PrefetchedQuery[]
  head: HeadInfo
}

/**
 * What a page needs before it can be rendered: the data its queries ask for (the web app's
 * own route table says which), the HTTP status and the head tags.
 */
export async function loadPageData(blog: Blog, url: string, viewer: Viewer): Promise<PageData> {
  const site = blog.site()
  const plan = prefetchPlan(url)
  const queries: PrefetchedQuery[] = []
  let post: Post | null | undefined
  for (const q of plan.queries) {
    const found = findQueryEndpoint(q.queryKey)
    if (!found) throw new Error(`No server-side data for ${q.queryKey.join('/')}`)
    const data = await apiData(blog, found, viewer)
    if (data === undefined) continue
    if (found.name === 'getPost') post = data as Post | null
    queries.push({ queryKey: q.queryKey, data })
  }
  // The header shows who is signed in from the first paint; guests are seeded as null too.
  queries.push({ queryKey: authKeys.me(), data: viewer.userId === null ? null : blog.auth.me(viewer) })
  const { pathname } = new URL(url, 'http://x')

  switch (plan.route.name) {
    case 'home':
      return { status: 200, queries, head: pageHead(site, '/', `${site.name} — Latest Posts`) }
    case 'about':
      return { status: 200, queries, head: pageHead(site, '/about', `About · ${site.name}`) }
    case 'search':
      return { status: 200, queries, head: { ...pageHead(site, '/search', `Search · ${site.name}`), noindex: true } }
    case 'upload':
    case 'manage':
    case 'profile':
      // The owner's screens: a guest sees 'Access Denied' in the page; never indexed.
      return {
        status: 200,
        queries,
        head: {
          ...pageHead(site, pathname, `${capitalise(plan.route.name)} · ${site.name}`),
          canonical: null,
          noindex: true,
        },
      }
    case 'admin-secret':
      // The account status page: open to everyone, of no use to a search engine.
      return {
        status: 200,
        queries,
        head: { ...pageHead(site, pathname, `Authentication Status · ${site.name}`), canonical: null, noindex: true },
      }
    case 'post':
    case 'post-alias':
      if (post) return { status: 200, queries, head: postHead(site, post) }
      return {
        status: 404,
        queries,
        head: notFoundHead(site, plan.route.name === 'post' ? 'Post not found' : 'Page Not Found'),
      }
    default:
      return { status: 404, queries, head: notFoundHead(site) }
  }
}

/** The JSON a query's API call would answer, read through the core rather than over HTTP; undefined to leave it to the browser. */
async function apiData(blog: Blog, { name, params, searchParams }: FoundQuery, viewer: Viewer): Promise<unknown> {
  switch (name) {
    case 'about':
      return blog.siteContent.about()
    case 'footer':
      return blog.siteContent.footer()
    case 'advancedSearch': {
      // a search the API would refuse is left to the browser, which shows its failure toast
      const input = SearchQuerySchema.safeParse(Object.fromEntries(searchParams))
      return input.success ? blog.search.advanced(input.data, viewer) : undefined
    }
    case 'listPosts':
      return blog.posts.list(viewer, { search: searchParams.get('search') ?? undefined })
    case 'getPost':
      try {
        return await blog.posts.get(params.slug, viewer)
      } catch (e) {
        // A missing post is seeded as null so the page says so on the server, with a real 404.
        if (isBlogError(e) && e.status === 404) return null
        throw e
      }
    default:
      throw new Error(`No server-side data for ${name}`)
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
