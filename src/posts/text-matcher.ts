import type { Store } from '../store/index.js'
import type { PostMeta } from '../shared/schemas/index.js'

/**
 * A plain term match for GET /api/posts?search=: every term must occur in the title, tags,
 * author, excerpt or text; title and tag hits rank higher. Kept per post revision in memory.
 */
export class TextMatcher {
  private readonly texts = new Map<number, { rev: number; body: string }>()

  constructor(private readonly store: Store) {}

  async rank(posts: PostMeta[], query: string): Promise<PostMeta[]> {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean)
    const scored: { post: PostMeta; score: number }[] = []
    for (const post of posts) {
      const head = `${post.title} ${post.tags.join(' ')}`.toLowerCase()
      const rest = `${post.author} ${post.excerpt}`.toLowerCase()
      let score = 0
      for (const term of terms) {
        if (head.includes(term)) score += 3
        else if (rest.includes(term)) score += 2
        else if ((await this.bodyText(post)).includes(term)) score += 1
        else {
          score = 0
          break
        }
      }
      if (score > 0) scored.push({ post, score })
    }
    return scored.sort((a, b) => b.score - a.score).map((s) => s.post)
  }

  private async bodyText(post: PostMeta): Promise<string> {
    const cached = this.texts.get(post.id)
    if (cached && cached.rev === post.rev) return cached.body
    const body = (await this.store.body(post)).plainText.toLowerCase()
    this.texts.set(post.id, { rev: post.rev, body })
    return body
  }
}
