import type { PostBody } from '../../src/shared/schemas/index.js'
import type { NewPost } from '../../src/store/index.js'

let counter = 0

/** A minimal valid post for store tests. */
export function newPost(overrides: Partial<NewPost> = {}): NewPost {
  counter += 1
  const now = new Date('2026-01-01T00:00:00.000Z').toISOString()
  return {
    title: `Post ${counter}`,
    slug: `post-${counter}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    excerpt: 'An excerpt.',
    metaDescription: null,
    author: 'Ada',
    tags: ['test'],
    readTime: 1,
    wordCount: 3,
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
    status: 'published',
    featured: 0,
    bannerImage: null,
    contentImages: [],
    source: null,
    contentHash: 'h',
    ...overrides,
  }
}

export function newBody(content = 'Hello *world*'): PostBody {
  return {
    content,
    enhancedContent: null,
    html: `<p>${content}</p>`,
    toc: [],
    plainText: content,
    renderVersion: 1,
    annotations: null,
    annotatedContent: null,
    summary: null,
    bibliography: null,
    bibliographyContent: null,
    mathematicalModel: null,
    provenance: {},
    frontmatter: {},
  }
}
