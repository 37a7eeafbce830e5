import type { Post } from '../../../src/shared/schemas/index.js'
import type { PostUpdateBody } from '../../api/admin.js'

/** The edit modal's fields as typed (SPEC §2): tags as one comma-separated line, the date as a datetime-local value. */
export interface PostDraft {
  title: string
  content: string
  excerpt: string
  metaDescription: string
  tags: string
  author: string
  publishedAt: string
  featured: boolean
}

export type DraftProblems = Partial<Record<'title' | 'content' | 'publishedAt', string>>

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO time as a `datetime-local` value in the browser's time zone ("2025-03-04T09:30"). */
export function toDatetimeLocal(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A `datetime-local` value (local time) as an ISO time; null when empty or not a date. */
export function fromDatetimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value.trim())) return null
  const d = new Date(value.trim())
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** SPEC §5: tags are trimmed and empty ones dropped (and a tag typed twice is kept once). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
}

export function draftFromPost(post: Post): PostDraft {
  return {
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    metaDescription: post.metaDescription ?? '',
    tags: post.tags.join(', '),
    author: post.author,
    publishedAt: toDatetimeLocal(post.publishedAt),
    featured: post.featured === 1,
  }
}

/** What must be fixed before saving; empty when the draft can be saved. */
export function draftProblems(draft: PostDraft): DraftProblems {
  const problems: DraftProblems = {}
  if (!draft.title.trim()) problems.title = 'Title is required'
  if (!draft.content.trim()) problems.content = 'Content is required'
  if (fromDatetimeLocal(draft.publishedAt) === null) problems.publishedAt = 'Enter a valid date and time'
  return problems
}

/**
 * PUT /api/posts/{id}'s body from the form (SPEC §5): title, content, excerpt, meta
 * description and author trimmed; tags trimmed with the empty ones dropped; the local date
 * and time as ISO. An empty meta description is sent as none (null).
 */
export function updateBody(draft: PostDraft): PostUpdateBody {
  const metaDescription = draft.metaDescription.trim()
  const body: PostUpdateBody = {
    title: draft.title.trim(),
    content: draft.content.trim(),
    excerpt: draft.excerpt.trim(),
    metaDescription: metaDescription || null,
    tags: parseTags(draft.tags),
    author: draft.author.trim(),
    featured: draft.featured ? 1 : 0,
  }
  const publishedAt = fromDatetimeLocal(draft.publishedAt)
  if (publishedAt) body.publishedAt = publishedAt
  return body
}

/** True when the form differs from the post it was opened with. */
export function isDraftDirty(draft: PostDraft, initial: PostDraft): boolean {
  return (Object.keys(draft) as (keyof PostDraft)[]).some((k) => draft[k] !== initial[k])
}
