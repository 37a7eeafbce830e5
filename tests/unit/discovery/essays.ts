import { renderMarkdown } from '../../../src/markdown/render-markdown.js'
import { essayOf, type Essay } from '../../../src/discovery/corpus.js'
import { Snapshot } from '../../../src/discovery/snapshot.js'
import type { PostMeta } from '../../../src/shared/schemas/index.js'

/** An essay as discovery reads it, from markdown (its own plain text: close enough for these rules). */
export function essay(
  id: number,
  title: string,
  markdown: string,
  opts: {
    tags?: string[]
    frontmatter?: Record<string, unknown>
    publishedAt?: string
    status?: 'draft' | 'published'
  } = {},
): Essay {
  const at = opts.publishedAt ?? `2025-01-${String(id).padStart(2, '0')}T00:00:00.000Z`
  const words = markdown.split(/\s+/).filter(Boolean).length
  const meta: PostMeta = {
    id,
    title,
    slug: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    excerpt: markdown.slice(0, 100),
    metaDescription: null,
    author: 'A. Author',
    tags: opts.tags ?? [],
    readTime: Math.max(1, Math.round(words / 200)),
    wordCount: words,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    status: opts.status ?? 'published',
    featured: 0,
    bannerImage: null,
    contentImages: [],
    source: null,
    contentHash: `h${id}`,
    rev: 1,
    bodyRev: 1,
  }
  return essayOf(
    meta,
    { plainText: markdown.replace(/[#*_[\]()`]/g, ' '), frontmatter: opts.frontmatter ?? {} },
    renderMarkdown(markdown).reading,
  )
}

export const snapshotOf = (...essays: Essay[]) => new Snapshot(essays)
