import { CircleAlert, SearchX } from 'lucide-react'
import { useLocation, useSearch } from 'wouter'
import { usePostList } from '../api/posts.js'
import { PostList, PostListSkeleton } from '../components/posts/post-list.js'
import { SearchBar } from '../components/search-bar.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'

/** The query on the search page's address: /search?q=… */
export function searchHref(q: string): string {
  return q ? `/search?q=${encodeURIComponent(q)}` : '/search'
}

/**
 * SPEC §2 search page. This first version searches through GET /api/posts?search=; the advanced
 * search (filters, suggestions, related tags) replaces the results part later.
 */
export function SearchPage() {
  const [, navigate] = useLocation()
  const q = (new URLSearchParams(useSearch()).get('q') ?? '').trim()
  // SPEC §5: search runs only with a non-empty query
  const results = usePostList(q, { enabled: q !== '' })
  const posts = q ? results.data : undefined
  useDocumentTitle(q ? `Search: ${q}` : 'Search')

  let body
  if (!q) {
    body = <p className="search-page__hint">Search titles, excerpts, tags and the full text of every essay.</p>
  } else if (results.isPending) {
    body = <PostListSkeleton />
  } else if (results.isError && !posts) {
    body = <StateMessage tone="error" role="alert" icon={<CircleAlert size={28} />} title="Search failed. Please try again." />
  } else if (!posts || posts.length === 0) {
    body = (
      <StateMessage icon={<SearchX size={28} />} title="No posts found">
        <p>{`We couldn't find any posts matching "${q}". Try searching with different keywords.`}</p>
      </StateMessage>
    )
  } else {
    body = (
      <>
        <p className="search-page__count" role="status">
          {`${posts.length === 1 ? '1 result' : `${posts.length} results`} for "${q}"`}
        </p>
        <PostList featured={[]} regular={posts} />
      </>
    )
  }

  return (
    <div className="container page search-page">
      <header className="page-header">
        <h1 className="page-title">Search</h1>
        <p className="page-lede">Find an essay by its title, a tag, or a phrase from its text.</p>
      </header>
      <SearchBar
        value={q}
        name="q"
        onSearch={(next) => navigate(searchHref(next), { replace: true })}
        className="search-page__bar"
      />
      {body}
    </div>
  )
}
