import { useState } from 'react'
import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { useBulkGenerate, useDeleteAnnotations, useDeletePost, useDeletePosts, useUpdatePost } from '../../api/admin.js'
import type { BulkKind } from '../../api/admin.js'
import { useToast } from '../ui/toaster.js'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** SPEC §8 failure texts of the bulk starts. */
const BULK_FAILURE: Record<BulkKind, string> = {
  annotations: 'Failed to start annotation generation',
  bibliography: 'Failed to start bibliography generation',
  models: 'Failed to generate mathematical models',
}

/** Browser confirmations before the destructive actions (SPEC §5). */
export const confirmText = {
  deleteSelected: (n: number) => `Delete ${plural(n, 'selected post')}? This cannot be undone.`,
  deleteAnnotations: (n: number) =>
    `Delete the annotations of ${plural(n, 'selected post')}? You can generate them again later.`,
  deletePost: (title: string) => `Delete "${title}"? This cannot be undone.`,
  clearImages: (title: string) => `Remove the banner and all content images from "${title}"?`,
}

/**
 * The manage page's calls with their toasts: SPEC §8's error texts on failure, a short
 * confirmation on success (SPEC leaves those open). Each resolves to whether it worked.
 */
export function usePostActions() {
  const { toast } = useToast()
  const update = useUpdatePost()
  const deleteOne = useDeletePost()
  const deleteMany = useDeletePosts()
  const deleteAnnotations = useDeleteAnnotations()
  const bulk = useBulkGenerate()
  /** Rows with a call of their own running (their buttons wait). */
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set())
  const mark = (id: number, on: boolean) =>
    setBusy((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' })

  async function toggleStatus(post: PostListItem): Promise<boolean> {
    const status = post.status === 'draft' ? 'published' : 'draft'
    mark(post.id, true)
    try {
      await update.mutateAsync({ id: post.id, body: { status } })
      toast(
        status === 'published'
          ? { title: 'Post published', description: `"${post.title}" is now visible to readers.` }
          : { title: 'Moved to drafts', description: `"${post.title}" is now hidden from readers.` },
      )
      return true
    } catch {
      fail('Failed to update post status')
      return false
    } finally {
      mark(post.id, false)
    }
  }

  async function remove(post: PostListItem): Promise<boolean> {
    if (!window.confirm(confirmText.deletePost(post.title))) return false
    mark(post.id, true)
    try {
      await deleteOne.mutateAsync(post.id)
      toast({ title: 'Post deleted', description: `"${post.title}" was deleted.` })
      return true
    } catch {
      fail('Failed to delete post')
      return false
    } finally {
      mark(post.id, false)
    }
  }

  async function removeMany(ids: number[]): Promise<boolean> {
    if (ids.length === 0 || !window.confirm(confirmText.deleteSelected(ids.length))) return false
    try {
      const { deleted } = await deleteMany.mutateAsync(ids)
      toast({ title: 'Posts deleted', description: `Deleted ${plural(deleted, 'post')}.` })
      return true
    } catch {
      fail('Failed to delete posts')
      return false
    }
  }

  async function removeAnnotations(ids: number[]): Promise<boolean> {
    if (ids.length === 0 || !window.confirm(confirmText.deleteAnnotations(ids.length))) return false
    try {
      const { updatedCount } = await deleteAnnotations.mutateAsync(ids)
      toast({
        title: 'Annotations deleted',
        description: `Removed the annotations of ${plural(updatedCount, 'post')}.`,
      })
      return true
    } catch {
      fail('Failed to delete annotations')
      return false
    }
  }

  async function generate(kind: BulkKind, ids: number[]): Promise<boolean> {
    if (ids.length === 0) return false
    try {
      const answer = await bulk.mutateAsync({ kind, postIds: ids })
      if (kind === 'models') {
        const made = answer.modelsCreated ?? 0
        toast({ title: 'Models generated', description: `Created ${plural(made, 'mathematical model')}.` })
      } else {
        const queued = answer.jobsCreated ?? 0
        const what = kind === 'annotations' ? 'Annotations' : 'Bibliographies'
        toast({
          title: `${what} queued`,
          description:
            queued > 0
              ? `Started ${plural(queued, 'job')}; follow them in the job tracker.`
              : 'Those posts are already queued.',
        })
      }
      return true
    } catch {
      fail(BULK_FAILURE[kind])
      return false
    }
  }

  return {
    toggleStatus,
    remove,
    removeMany,
    removeAnnotations,
    generate,
    isBusy: (id: number) => busy.has(id),
    /** Which bulk call runs now, if any. */
    bulkRunning: deleteMany.isPending
      ? 'delete'
      : deleteAnnotations.isPending
        ? 'delete-annotations'
        : bulk.isPending
          ? bulk.variables?.kind
          : undefined,
  }
}
