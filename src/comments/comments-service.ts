import type { Store } from '../store/index.js'
import { BlogError } from '../core/errors.js'
import { isAdmin, requireAdmin, type Viewer } from '../core/viewer.js'
import type { RateLimiters } from '../core/rate-limiters.js'
import type { PostsService } from '../posts/posts-service.js'
import type { Comment, CommentInput } from '../shared/schemas/index.js'

/**
 * DECISIONS.md: visitors comment, an admin approves or deletes, and pending comments are seen
 * by admins only. Comments are plain text: the web shows them as text, never as HTML.
 */
export class CommentsService {
  constructor(
    private readonly store: Store,
    private readonly posts: PostsService,
    private readonly limits: RateLimiters,
    private readonly now: () => Date,
  ) {}

  /** A post's comments, oldest first: approved ones for everyone, pending ones for admins too. */
  forPost(postId: number, viewer: Viewer): Comment[] {
    this.visiblePost(postId, viewer)
    return this.store.db.comments.filter((c) => c.postId === postId && (c.status === 'approved' || isAdmin(viewer)))
  }

  /** Every comment waiting for approval, for the owner's screens. */
  pending(viewer: Viewer): Comment[] {
    requireAdmin(viewer)
    return this.store.db.comments.filter((c) => c.status === 'pending')
  }

  /** Returns null when the honeypot was filled: the bot is told it worked, nothing is stored. */
  async add(postId: number, input: CommentInput, viewer: Viewer, client: string): Promise<Comment | null> {
    this.visiblePost(postId, viewer)
    this.limits.take('comment', client, 'Too many comments from your connection.')
    if (input.website?.trim()) return null
    return this.store.transact((tx) => {
      if (!tx.post(postId)) throw new BlogError('POST_NOT_FOUND', 'Post not found')
      const id = Math.max(tx.db.nextCommentId, ...tx.db.comments.map((c) => c.id + 1))
      // An admin's own comment needs no approval.
      const comment: Comment = {
        id,
        postId,
        name: input.name,
        text: input.text,
        status: isAdmin(viewer) ? 'approved' : 'pending',
        createdAt: this.now().toISOString(),
      }
      tx.db.comments.push(comment)
      tx.db.nextCommentId = id + 1
      return comment
    })
  }

  async approve(id: number, viewer: Viewer): Promise<Comment> {
    requireAdmin(viewer)
    return this.store.transact((tx) => {
      const comment = tx.db.comments.find((c) => c.id === id)
      if (!comment) throw new BlogError('NOT_FOUND', `Comment ${id} does not exist.`)
      comment.status = 'approved'
      return { ...comment }
    })
  }

  async remove(id: number, viewer: Viewer): Promise<void> {
    requireAdmin(viewer)
    await this.store.transact((tx) => {
      const before = tx.db.comments.length
      tx.db.comments = tx.db.comments.filter((c) => c.id !== id)
      if (tx.db.comments.length === before) throw new BlogError('NOT_FOUND', `Comment ${id} does not exist.`)
    })
  }

  /** Comments follow their post's visibility: none on a draft for guests, none on a missing post. */
  private visiblePost(postId: number, viewer: Viewer): void {
    this.posts.visibleMeta(postId, viewer)
  }
}
