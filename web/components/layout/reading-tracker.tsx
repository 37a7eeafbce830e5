import { useQueryClient } from '@tanstack/react-query'
import type { Query } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { Post } from '../../../src/shared/schemas/index.js'
import { useCurrentUser } from '../../api/auth.js'
import { postKeys } from '../../api/posts.js'
import { parseHomeParams } from '../../lib/home-params.js'
import { tabTracker } from '../../lib/tab-tracker.js'
import { whenIdle } from '../../lib/when-idle.js'
import { entrySource, resultsCountOf, scrolledPercent, searchQueryOfKey, tagOfLink } from '../../lib/tracking.js'
import { resolveRoute } from '../../routes.js'

/** Links in the essay's own text (SPEC §7 'click_link'); the post page's markup may add data-essay-body. */
const ESSAY_LINK = '#main article .prose a[href], [data-essay-body] a[href]'
/** Tag badges, on cards and on posts (SPEC §7 'tag_click'). */
const TAG_LINK = 'a.post-tag, [data-tag]'
/** The post whose reading depth 'scroll' reports. */
const POST_ARTICLE = '#main article'

/**
 * A query's data as it sits in the cache, without fetching or observing it. The tracker renders
 * nothing, so the server's answer may be the cache's too: an answer that differed from the
 * browser's would make React render again synchronously once the page is hydrated, a blocking
 * task (see web/hooks/use-hydrated.ts).
 */
function useCachedData<T>(queryKey: readonly unknown[] | null): T | undefined {
  const client = useQueryClient()
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client])
  const read = () => (queryKey ? client.getQueryData<T>(queryKey) : undefined)
  return useSyncExternalStore(subscribe, read, read)
}

/**
 * Reports reading events (SPEC §7) from the layout, so no page has to know about tracking: the
 * route says which page is shown, the query cache holds the post and the search results, and
 * delegated DOM events catch link and tag clicks and scrolling. Renders nothing.
 */
export function ReadingTrackerMount() {
  const [pathname] = useLocation()
  const search = useSearch()
  const route = resolveRoute(pathname)
  const slug = route.name === 'post' || route.name === 'post-alias' ? route.params.slug : null
  const post = useCachedData<Post | null>(slug ? postKeys.detail(slug) : null)
  const { user } = useCurrentUser()
  const queryClient = useQueryClient()
  const userId = user?.id ?? null
  const postId = post?.id ?? null
  const postTitle = useRef('')
  postTitle.current = post?.title ?? ''

  let searchQuery = ''
  if (route.name === 'home') searchQuery = parseHomeParams(search).search
  else if (route.name === 'search') searchQuery = (new URLSearchParams(search).get('q') ?? '').trim()

  useEffect(() => {
    tabTracker()?.setUser(userId)
  }, [userId])

  // entry: once per session, from the page the visitor landed on. Reported once the browser is
  // idle, as 'view' below: the first read of sessionStorage and the first fetch() cost the
  // browser milliseconds, which would otherwise lengthen the effects that follow hydration.
  const landingPost = useRef(postId)
  useEffect(
    () =>
      whenIdle(() => tabTracker()?.enter(entrySource(document.referrer, window.location.host), landingPost.current)),
    [],
  )

  // view when a post page shows its post; time_spent when the reader leaves it
  useEffect(() => {
    const t = tabTracker()
    if (!t || postId === null) return
    let viewing = false
    const cancel = whenIdle(() => {
      viewing = true
      t.viewPost({ id: postId, title: postTitle.current }, document.visibilityState === 'visible')
    })
    return () => {
      cancel()
      if (viewing) t.leavePost()
    }
    // a refetched post (same id) is the same view; a new address is a new one
  }, [pathname, postId])

  // time_spent also when the tab is hidden or the page goes away; the clock resumes on return
  useEffect(() => {
    const t = tabTracker()
    if (!t) return
    const onVisibility = () => (document.visibilityState === 'hidden' ? t.hidden() : t.visible())
    const onPageHide = () => t.hidden()
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [])

  // scroll marks while a post is read
  useEffect(() => {
    const t = tabTracker()
    if (!t || postId === null) return
    let frame = 0
    const measure = () => {
      frame = 0
      const article = document.querySelector(POST_ARTICLE)
      if (article) t.scrolled(scrolledPercent(article.getBoundingClientRect(), window.innerHeight))
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [pathname, postId])

  // essay links and tags, caught on the way down so no component can swallow them
  useEffect(() => {
    const t = tabTracker()
    if (!t) return
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null
      const tag = target?.closest(TAG_LINK)
      if (tag) {
        t.clickedTag(tagOfLink(tag))
        return
      }
      const link = target?.closest<HTMLAnchorElement>('a[href]')
      if (link?.matches(ESSAY_LINK)) t.clickedLink(link.textContent ?? '', link.href)
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])

  // search: when the results for the query in the address are in the cache
  useEffect(() => {
    const t = tabTracker()
    if (!t) return
    if (!searchQuery) {
      t.searchCleared()
      return
    }
    const cache = queryClient.getQueryCache()
    const answers = (q: Query) =>
      q.state.status === 'success' && q.state.fetchStatus === 'idle' && searchQueryOfKey(q.queryKey) === searchQuery
    const report = (q: Query) => {
      const count = resultsCountOf(q.state.data)
      if (count !== null) t.searched(searchQuery, count)
    }
    const ready = cache.getAll().find(answers)
    if (ready) {
      report(ready)
      return
    }
    return cache.subscribe((e) => {
      if (e.type === 'updated' && answers(e.query)) report(e.query)
    })
  }, [queryClient, searchQuery])

  return null
}
