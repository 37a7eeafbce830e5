import type { PostRow } from './snapshot.js'

/** The posts whose title or slug contains every word of the filter (case-insensitive). */
export function filterPosts(posts: PostRow[], query: string): PostRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return posts
  return posts.filter((p) => {
    const text = `${p.title} ${p.slug}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** The slice of a list that fits `height` rows and keeps the cursor in view. */
export function visibleWindow(length: number, cursor: number, height: number): { start: number; end: number } {
  if (length <= height) return { start: 0, end: length }
  const start = Math.min(Math.max(0, cursor - Math.floor(height / 2)), length - height)
  return { start, end: start + height }
}
