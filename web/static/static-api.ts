import { matchPath } from '../../src/shared/api/endpoint.js'
import { API_PREFIX, ENDPOINTS } from '../../src/shared/api/endpoints.js'
import type { PostListItem } from '../../src/shared/schemas/index.js'
import { postOfPage } from '../post-html-handover.js'
import type { SearchIndex, StaticSearch } from './search.js'
import { staticDataUrl, staticPageUrl, type StaticSite } from './static-site.js'

type Fetch = typeof fetch

/**
 * The files `blog build` writes under data/, by the API call they stand for. A post has none:
 * its page carries it (the state and the article), and is read for it.
 */
export const STATIC_FILES = {
  posts: 'posts.json',
  comments: (postId: number) => `comments/${postId}.json`,
  about: 'about.json',
  footer: 'footer.json',
  search: 'search.json',
} as const

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const STATIC_COPY = 'This is a static copy of the site'
const AUTH_PATHS = ENDPOINTS.me.path.replace(/[^/]+$/, '')
const commentsPath = (path: string) => matchPath(ENDPOINTS.addComment.path, path) !== null
/** What a reader is told when they try to change something: the copy has no server to take it. */
const WRITES: readonly [(path: string) => boolean, string][] = [
  [
    (path) => path === ENDPOINTS.subscribe.path,
    `${STATIC_COPY}, so it cannot take subscriptions. Please subscribe on the live site.`,
  ],
  [commentsPath, `${STATIC_COPY}, so it cannot take comments. Please comment on the live site.`],
  [(path) => path.startsWith(AUTH_PATHS), `${STATIC_COPY}: signing in needs the live site.`],
]

/**
 * The data files keep their names from build to build: the browser asks the host whether its
 * copy is still current (a conditional request) rather than use one from an earlier build.
 */
const REVALIDATE: RequestInit = { cache: 'no-cache' }

const isApiUrl = (url: URL) => url.origin === window.location.origin && url.pathname.startsWith(`${API_PREFIX}/`)

/**
 * The site's API, answered in the browser from the files `blog build` wrote: reads come from
 * the data files (searches are ranked over the prebuilt index), the current user is always a
 * guest, reading events are dropped and every other write is refused politely (503 with a
 * message the forms show). Addresses outside /api/ go to the network unchanged.
 *
 * It stands in for fetch itself, not only for react-query's default query function, because
 * some calls fetch on their own (the current user, comments, tracking) and must not reach a
 * host that would answer them with its 404 page.
 */
export function createStaticFetch(site: StaticSite, network: Fetch): Fetch {
  const cached = new Map<string, Promise<unknown>>()
  const load = <T>(file: string): Promise<T> => {
    let value = cached.get(file)
    if (!value) {
      value = network(staticDataUrl(site, file), REVALIDATE).then((res) => {
        if (!res.ok) throw new TypeError(`Could not load ${file} (${res.status})`)
        return res.json() as Promise<unknown>
      })
      // a failed load is tried again next time
      value.catch(() => cached.delete(file))
      cached.set(file, value)
    }
    return value as Promise<T>
  }
  const posts = () => load<PostListItem[]>(STATIC_FILES.posts)
  let search: Promise<StaticSearch> | null = null
  // The search (the server's index and tokenizer) is a chunk of its own, loaded with the index
  // file when a reader first searches: every other page of both sites goes without it.
  const searchCode = () => import('./search.js')
  const searcher = () =>
    (search ??= Promise.all([load<SearchIndex>(STATIC_FILES.search), searchCode()]).then(
      ([index, { StaticSearch }]) => new StaticSearch(index),
    ))

  async function answer(url: URL, method: string, signal: AbortSignal | undefined): Promise<Response> {
    const path = url.pathname.replace(/\/+$/, '')
    if (method !== 'GET' && method !== 'HEAD') {
      if (path === ENDPOINTS.track.path) return new Response(null, { status: 204 })
      const message = WRITES.find(([matches]) => matches(path))?.[1] ?? `${STATIC_COPY}: changes need the live site.`
      return json({ message }, 503)
    }
    if (path === ENDPOINTS.me.path) return json({ message: 'Not signed in' }, 401)
    if (path === ENDPOINTS.about.path)
      return network(staticDataUrl(site, STATIC_FILES.about), { ...REVALIDATE, signal })
    if (path === ENDPOINTS.footer.path)
      return network(staticDataUrl(site, STATIC_FILES.footer), { ...REVALIDATE, signal })
    if (path === ENDPOINTS.listPosts.path) {
      const query = url.searchParams.get('search')?.trim()
      const list = await posts()
      if (!query) return json(list)
      const bySlug = new Map(list.map((p) => [p.slug, p]))
      return json((await searcher()).search(query).flatMap((slug) => bySlug.get(slug) ?? []))
    }
    if (path === ENDPOINTS.advancedSearch.path) {
      const { advancedSearch } = await searchCode()
      const { status, body } = advancedSearch(url.searchParams, await posts(), await searcher())
      return json(body, status)
    }
    const comments = matchPath(ENDPOINTS.comments.path, path)
    if (comments && /^\d+$/.test(comments.postId)) {
      const id = Number(comments.postId)
      if (!(await posts()).some((p) => p.id === id)) return json({ message: `No post with id ${id}.` }, 404)
      return network(staticDataUrl(site, STATIC_FILES.comments(id)), { ...REVALIDATE, signal })
    }
    const post = matchPath(ENDPOINTS.getPost.path, path)
    if (post) {
      const slug = post.slug
      // Only files the build wrote are asked for: the host would answer a missing one with its 404 page.
      if (!(await posts()).some((p) => p.slug === slug)) return json({ message: `No post at "${slug}".` }, 404)
      return postFromPage(slug, signal)
    }
    return json({ message: `${STATIC_COPY}: ${path} needs the live site.` }, 404)
  }

  /** A post, read from its page: the state carries it, the article its essay. */
  async function postFromPage(slug: string, signal: AbortSignal | undefined): Promise<Response> {
    const res = await network(staticPageUrl(site, `/posts/${encodeURIComponent(slug)}`), { ...REVALIDATE, signal })
    if (!res.ok) return json({ message: `Could not load the post "${slug}" (${res.status}).` }, res.status)
    const page = new DOMParser().parseFromString(await res.text(), 'text/html')
    const post = postOfPage(page, slug)
    return post ? json(post) : json({ message: `No post at "${slug}".` }, 404)
  }

  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (!isApiUrl(url)) return network(input, init)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    return answer(url, method, init?.signal ?? undefined)
  }
}

/** Puts the static API in place of the network for this page's /api/ calls and beacons. */
export function installStaticApi(site: StaticSite): void {
  window.fetch = createStaticFetch(site, window.fetch.bind(window))
  const beacon = typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : null
  if (beacon) {
    navigator.sendBeacon = (url, data) =>
      isApiUrl(new URL(String(url), window.location.href)) ? true : beacon(url, data)
  }
}
