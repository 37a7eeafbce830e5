import { CircleAlert, FileStack, Home, Upload } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import type { PostListItem } from '../../src/shared/schemas/index.js'
import { usePostList } from '../api/posts.js'
import { RegenerateImagesDialog } from '../components/admin/regenerate-images-dialog.js'
import { SelectionBar } from '../components/admin/selection-bar.js'
import { useSelection } from '../components/admin/selection.js'
import type { RegenerationContext, RegenerationTarget } from '../components/admin/use-image-regeneration.js'
import { BulkActions } from '../components/manage/bulk-actions.js'
import type { BulkAction } from '../components/manage/bulk-actions.js'
import { EditPostDialog } from '../components/manage/edit-post-dialog.js'
import { PostRow, PostRowSkeleton } from '../components/manage/post-row.js'
import { usePostActions } from '../components/manage/use-post-actions.js'
import { RetryButton } from '../components/ui/retry-button.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { DEFAULT_SORT, sortPosts } from '../lib/sort-posts.js'

interface RegenerationRequest {
  targets: RegenerationTarget[]
  context: RegenerationContext
}

/**
 * SPEC §2 Post Manager: every post, drafts included, newest first, with selection, per-row
 * actions and the bulk buttons. Rendered inside AdminOnly.
 */
export function ManagePage() {
  useDocumentTitle('Manage Content')
  const { data, isPending, isError, refetch, isFetching } = usePostList()
  const posts = useMemo(() => sortPosts(data ?? [], DEFAULT_SORT), [data])
  const ids = useMemo(() => posts.map((p) => p.id), [posts])
  const selection = useSelection(ids)
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

  const selectedPosts = () => posts.filter((p) => selection.has(p.id))

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
      <StateMessage tone="error" role="alert" icon={<CircleAlert size={28} />} title="Failed to load posts. Please try again." actions={<RetryButton onRetry={() => void refetch()} busy={isFetching} />} />
    )
  } else if (posts.length === 0) {
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
  } else {
    const drafts = posts.filter((p) => p.status === 'draft').length
    body = (
      <>
        <div className="manage-toolbar">
          <SelectionBar selection={selection} total={posts.length} label="Post selection">
            <BulkActions count={selection.count} running={actions.bulkRunning} onAction={(a) => void onBulk(a)} />
          </SelectionBar>
        </div>
        <div className="manage-summary">
          <p>
            {`${posts.length} ${posts.length === 1 ? 'post' : 'posts'}`}
            {drafts > 0 && ` · ${drafts} ${drafts === 1 ? 'draft' : 'drafts'}`}
          </p>
          <Link href="/upload" className="link-button">
            <Upload size={15} aria-hidden="true" />
            Upload more
          </Link>
        </div>
        <ul className="manage-list" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostRow
                post={post}
                selected={selection.has(post.id)}
                busy={actions.isBusy(post.id)}
                onToggleSelected={() => selection.toggle(post.id)}
                onToggleStatus={() => void actions.toggleStatus(post)}
                onRegenerate={() => setRegenerating({ targets: [{ id: post.id, title: post.title }], context: 'single' })}
                onEdit={() => setEditing(post)}
                onDelete={() => void actions.remove(post)}
              />
            </li>
          ))}
        </ul>
      </>
    )
  }

  return (
    <div className="manage">
      {body}
      <EditPostDialog open={editOpen} post={editing?.post ?? null} session={editing?.session ?? 0} onClose={() => setEditOpen(false)} />
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
