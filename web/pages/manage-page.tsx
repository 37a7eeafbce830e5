import { CircleAlert, FileStack, Home, SearchX, Upload } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { PostListItem } from '../../src/shared/schemas/index.js'
import { useManagedPosts } from '../api/manage.js'
import { RegenerateImagesDialog } from '../components/admin/regenerate-images-dialog.js'
import { SelectionBar } from '../components/admin/selection-bar.js'
import { useSelection } from '../components/admin/selection.js'
import type { RegenerationContext, RegenerationTarget } from '../components/admin/use-image-regeneration.js'
import { BulkActions } from '../components/manage/bulk-actions.js'
import type { BulkAction } from '../components/manage/bulk-actions.js'
import { EditPostDialog } from '../components/manage/edit-post-dialog.js'
import { ManageFilters } from '../components/manage/manage-filters.js'
import { DEFAULT_MANAGE_QUERY, isFiltered, manageHref, parseManageQuery } from '../components/manage/manage-params.js'
import { Pagination } from '../components/posts/pagination.js'
import { PostRow, PostRowSkeleton } from '../components/manage/post-row.js'
import { usePostActions } from '../components/manage/use-post-actions.js'
import { RetryButton } from '../components/ui/retry-button.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import type { ManageQuery } from '../../src/shared/schemas/manage.js'

interface RegenerationRequest {
  targets: RegenerationTarget[]
  context: RegenerationContext
}

/**
 * SPEC §2 Post Manager: every post, drafts included, newest first, with selection, per-row
 * actions and the bulk buttons; searched, filtered and paged by the server (issue 23.10), the
 * state kept in the address. Select All picks every post the filters match, on every page, so
 * the owner can select by filter and then act in bulk. Rendered inside AdminOnly.
 */
export function ManagePage() {
  useDocumentTitle('Manage Content')
  const [, navigate] = useLocation()
  const search = useSearch()
  const query = useMemo(() => parseManageQuery(search), [search])
  const go = (next: ManageQuery) => navigate(manageHref(next), { replace: next.q !== query.q && query.q !== '' })
  const { data, isPending, isError, refetch, isFetching, isPlaceholderData } = useManagedPosts(query)
  const posts = data?.posts ?? []
  const matching = data?.matching
  const ids = useMemo(() => (matching ?? []).map((p) => p.id), [matching])
  const selection = useSelection(ids)
  // a new page starts at the top of the list, not where the last one was scrolled to
  const listTop = useRef<HTMLDivElement>(null)
  const shownPage = data?.page
  const lastPage = useRef(shownPage)
  useEffect(() => {
    if (shownPage === undefined || lastPage.current === shownPage) return
    const first = lastPage.current === undefined
    lastPage.current = shownPage
    if (!first && listTop.current && listTop.current.getBoundingClientRect().top < 0)
      listTop.current.scrollIntoView({ block: 'start' })
  }, [shownPage])
  const actions = usePostActions()
  const [editing, setEditingState] = useState<{ post: PostListItem; session: number } | null>(null)
  const [editOpen, setEditOpen] = useState(false)
  const setEditing = (post: PostListItem) => {
    setEditingState((e) => ({ post, session: (e?.session ?? 0) + 1 }))
    setEditOpen(true)
  }
  const [regenerating, setRegeneratingState] = useState<RegenerationRequest | null>(null)
  // the last request stays while the dialog animates out
  const [regenOpen, setRegenOpen] = useState(false)
  const setRegenerating = (request: RegenerationRequest) => {
    setRegeneratingState(request)
    setRegenOpen(true)
  }

  const selectedPosts = () => (matching ?? []).filter((p) => selection.has(p.id))

  async function onBulk(action: BulkAction) {
    const chosen = selection.ids
    if (chosen.length === 0) return
    switch (action) {
      case 'regenerate':
        setRegenerating({ targets: selectedPosts().map(({ id, title }) => ({ id, title })), context: 'bulk' })
        return
      case 'delete':
        if (await actions.removeMany(chosen)) selection.clear()
        return
      case 'delete-annotations':
        await actions.removeAnnotations(chosen)
        return
      default:
        await actions.generate(action, chosen)
    }
  }

  let body
  if (isPending) {
    body = (
      <div className="manage-list" aria-busy="true">
        <span className="sr-only" role="status">
          Loading posts…
        </span>
        {[0, 1, 2, 3].map((i) => (
          <PostRowSkeleton key={i} />
        ))}
      </div>
    )
  } else if (isError && !data) {
    body = (
      <StateMessage
        tone="error"
        role="alert"
        icon={<CircleAlert size={28} />}
        title="Failed to load posts. Please try again."
        actions={<RetryButton onRetry={() => void refetch()} busy={isFetching} />}
      />
    )
  } else if (data && data.counts.all === 0) {
    body = (
      <StateMessage
        icon={<FileStack size={28} />}
        title="No posts yet"
        actions={
          <>
            <Link href="/upload" className="button button--primary">
              <Upload size={16} aria-hidden="true" />
              Upload Posts
            </Link>
            <Link href="/" className="button button--secondary">
              <Home size={16} aria-hidden="true" />
              Go to Home
            </Link>
          </>
        }
      >
        <p>Upload markdown essays to start managing them here.</p>
      </StateMessage>
    )
  } else if (data) {
    const { counts, total } = data
    const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`
    body = (
      <>
        <ManageFilters query={query} counts={counts} onChange={go} />
        <div className="manage-toolbar">
          <SelectionBar selection={selection} total={ids.length} label="Post selection">
            <BulkActions count={selection.count} running={actions.bulkRunning} onAction={(a) => void onBulk(a)} />
          </SelectionBar>
        </div>
        <div className="manage-summary" ref={listTop}>
          <p role="status">
            {isFiltered(query)
              ? `${total} of ${plural(counts.all, 'post')} ${total === 1 ? 'matches' : 'match'}`
              : `${plural(counts.all, 'post')}${counts.draft > 0 ? ` · ${plural(counts.draft, 'draft')}` : ''}`}
            {data.pageCount > 1 && ` · page ${data.page} of ${data.pageCount}`}
          </p>
          <Link href="/upload" className="link-button">
            <Upload size={15} aria-hidden="true" />
            Upload more
          </Link>
        </div>
        {total === 0 && (
          <StateMessage
            icon={<SearchX size={28} />}
            title="No posts match"
            actions={
              <button
                type="button"
                className="button button--secondary"
                onClick={() => go({ ...DEFAULT_MANAGE_QUERY, pageSize: query.pageSize })}
              >
                Clear filters
              </button>
            }
          >
            <p>
              {query.q
                ? `No post's title, tag or author has "${query.q}" with these filters.`
                : 'No post has all of these.'}
            </p>
          </StateMessage>
        )}
        <ul className={`manage-list${isPlaceholderData ? ' manage-list--stale' : ''}`} aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostRow
                post={post}
                selected={selection.has(post.id)}
                busy={actions.isBusy(post.id)}
                onToggleSelected={() => selection.toggle(post.id)}
                onToggleStatus={() => void actions.toggleStatus(post)}
                onRegenerate={() =>
                  setRegenerating({ targets: [{ id: post.id, title: post.title }], context: 'single' })
                }
                onEdit={() => setEditing(post)}
                onDelete={() => void actions.remove(post)}
              />
            </li>
          ))}
        </ul>
        <Pagination page={data.page} totalPages={data.pageCount} hrefFor={(page) => manageHref({ ...query, page })} />
      </>
    )
  }

  return (
    <div className="manage">
      {body}
      <EditPostDialog
        open={editOpen}
        post={editing?.post ?? null}
        session={editing?.session ?? 0}
        onClose={() => setEditOpen(false)}
      />
      <RegenerateImagesDialog
        open={regenOpen}
        onOpenChange={setRegenOpen}
        targets={regenerating?.targets ?? []}
        context={regenerating?.context ?? 'single'}
        onStarted={(outcome) => {
          // SPEC §4: a successful bulk start clears the selection; what failed stays selected to retry
          if (regenerating?.context === 'bulk') selection.set(outcome.failed)
        }}
      />
    </div>
  )
}
