import { ImageIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import type { AdminCardControls } from '../posts/post-card.js'
import { LazyRegenerateImagesDialog as RegenerateImagesDialog } from './lazy-regenerate-dialog.js'
import { SelectionBar } from './selection-bar.js'
import { useSelection } from './selection.js'
import type { RegenerationContext, RegenerationTarget } from './use-image-regeneration.js'

export interface HomeAdmin {
  /** Selection boxes and regenerate actions for the cards; undefined for everyone but admins. */
  controls: AdminCardControls | undefined
  /** 'Select All' / 'Clear All' and 'Regenerate Images (N)', above the list. */
  bar: ReactNode
  /** The regeneration dialog, wherever the page puts it. */
  dialog: ReactNode
}

/**
 * SPEC §2 home page for admins: a selection box on each card, 'Select All' (the posts on
 * this page) / 'Clear All', 'Regenerate Images (N)' and a per-post regenerate action.
 */
export function useHomeAdmin(posts: readonly PostListItem[], visible: readonly PostListItem[]): HomeAdmin {
  const { user } = useCurrentUser()
  const admin = isAdmin(user)
  const ids = useMemo(() => posts.map((p) => p.id), [posts])
  const selection = useSelection(ids)
  const [request, setRequest] = useState<{ targets: RegenerationTarget[]; context: RegenerationContext } | null>(null)
  // the last request stays while the dialog animates out
  const [open, setOpen] = useState(false)
  const ask = (next: { targets: RegenerationTarget[]; context: RegenerationContext }) => {
    setRequest(next)
    setOpen(true)
  }

  const controls = useMemo<AdminCardControls | undefined>(
    () =>
      admin
        ? {
            isSelected: selection.has,
            toggle: selection.toggle,
            regenerate: (post) => ask({ targets: [{ id: post.id, title: post.title }], context: 'single' }),
          }
        : undefined,
    [admin, selection.has, selection.toggle],
  )

  if (!admin) return { controls: undefined, bar: null, dialog: null }

  const visibleIds = visible.map((p) => p.id)
  const bulk = () => {
    // SPEC §5: bulk regeneration does nothing when no post is selected
    if (selection.count === 0) return
    const targets = posts.filter((p) => selection.has(p.id)).map(({ id, title }) => ({ id, title }))
    ask({ targets, context: 'bulk' })
  }

  return {
    controls,
    bar:
      posts.length > 0 ? (
        <SelectionBar
          selection={selection}
          total={visibleIds.length}
          onSelectAll={() => selection.selectAll(visibleIds)}
          allSelected={visibleIds.every((id) => selection.has(id))}
          label="Post selection"
        >
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={bulk}
            disabled={selection.count === 0}
          >
            <ImageIcon size={15} aria-hidden="true" />
            {`Regenerate Images (${selection.count})`}
          </button>
        </SelectionBar>
      ) : null,
    dialog: (
      <RegenerateImagesDialog
        open={open}
        onOpenChange={setOpen}
        targets={request?.targets ?? []}
        context={request?.context ?? 'single'}
        onStarted={(outcome) => {
          // SPEC §4: after a bulk start the selection is cleared; what failed stays to retry
          if (request?.context === 'bulk') selection.set(outcome.failed)
        }}
      />
    ),
  }
}
