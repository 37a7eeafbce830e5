import { CircleAlert, SearchX } from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { PostListItem } from '../../src/shared/schemas/index.js'
import { usePostList } from '../api/posts.js'
import { useHomeAdmin } from '../components/admin/home-admin.js'
import { PostList, PostListSkeleton } from '../components/posts/post-list.js'
import { Pagination } from '../components/posts/pagination.js'
import { SortControl } from '../components/posts/sort-control.js'
import { SearchBar } from '../components/search-bar.js'
import { RetryButton } from '../components/ui/retry-button.js'
import { StateMessage } from '../components/ui/state-message.js'
import { WelcomeState } from '../components/home/welcome-state.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { homeDocumentTitle } from '../lib/document-title.js'
import { homeHref, homeView, parseHomeParams, withSearch } from '../lib/home-params.js'
import type { HomeParams } from '../lib/home-params.js'
import { useSite } from '../site-context.js'

const NO_POSTS: PostListItem[] = []

export function HomePage() {
  const site = useSite()
  const query = useSearch()
  const [, navigate] = useLocation()
  const params = parseHomeParams(query)
  const searching = params.search !== ''
  const {
    data: posts,
    isPending,
    isError,
    isPlaceholderData,
    refetch,
    isFetching,
  } = usePostList(params.search, {
    poll: true,
  })
  const top = useRef<HTMLDivElement>(null)

  const go = (next: HomeParams, replace = false) => navigate(homeHref(next), { replace })

  // the address decides the view (params is a fresh object on every render)
  const { featured, regular, page, totalPages } = useMemo(
    () => homeView(posts ?? [], parseHomeParams(query)),
    [posts, query],
  )
  const visible = useMemo(() => [...featured, ...regular], [featured, regular])
  const admin = useHomeAdmin(posts ?? NO_POSTS, visible)

  // a new page of results starts at the top of the list
  const lastPage = useRef(page)
  useEffect(() => {
    if (lastPage.current !== page) top.current?.scrollIntoView({ block: 'start' })
    lastPage.current = page
  }, [page])

  const title = searching ? `Search Results for "${params.search}"` : 'Latest Posts'
  useDocumentTitle(title, searching ? undefined : homeDocumentTitle(site.name))

  let body
  if (isPending) {
    body = <PostListSkeleton />
  } else if (isError && !posts) {
    body = (
      <StateMessage
        tone="error"
        role="alert"
        icon={<CircleAlert size={28} />}
        title="Failed to load posts. Please try again."
        actions={<RetryButton onRetry={() => void refetch()} busy={isFetching} />}
      />
    )
  } else if (!posts || posts.length === 0) {
    body = searching ? (
      <StateMessage
        icon={<SearchX size={28} />}
        title="No posts found"
        actions={
          <button type="button" className="button button--secondary" onClick={() => go(withSearch(params, ''))}>
            Clear search
          </button>
        }
      >
        <p>{`We couldn't find any posts matching "${params.search}". Try searching with different keywords.`}</p>
      </StateMessage>
    ) : (
      <WelcomeState />
    )
  } else {
    body = (
      <>
        {/* while a new search is on its way the last results stay, dimmed */}
        {admin.bar}
        <PostList featured={featured} regular={regular} stale={isPlaceholderData} admin={admin.controls} />
        {!searching && (
          <Pagination page={page} totalPages={totalPages} hrefFor={(n) => homeHref({ ...params, page: n })} />
        )}
      </>
    )
  }

  const count = posts?.length ?? 0
  return (
    <div className="container page home" ref={top}>
      <header className="page-header home__header">
        <div>
          <h1 className="page-title">{title}</h1>
          {!searching && site.description && <p className="page-lede">{site.description}</p>}
          {searching && posts && !isPlaceholderData && (
            <p className="page-lede" role="status">
              {count === 1 ? '1 post found' : `${count} posts found`}
            </p>
          )}
        </div>
      </header>
      <div className="home__controls">
        <SearchBar
          value={params.search}
          onSearch={(search) => go(withSearch(params, search), true)}
          className="home__search"
        />
        <SortControl
          value={params.sort}
          searching={searching}
          onChange={(sort) => go({ ...params, sort, page: 1 }, true)}
        />
      </div>
      {body}
      {admin.dialog}
    </div>
  )
}
