import type { Post, PostListItem } from '../../../src/shared/schemas/index.js'
import type { SiteInfo } from '../../../src/shared/site-info.js'

export const site: SiteInfo = {
  name: 'Scholia',
  ownerName: 'Ada Lovelace',
  baseUrl: 'https://essays.example',
  description: 'Long-form essays on mathematics and method.',
}

let nextId = 1

/** A list item with sensible defaults; `n` makes dates and titles distinct. */
export function listItem(overrides: Partial<PostListItem> = {}): PostListItem {
  const id = overrides.id ?? nextId++
  return {
    id,
    title: `Essay ${id}`,
    slug: `essay-${id}`,
    excerpt: `What essay ${id} argues, in one sentence.`,
    metaDescription: null,
    author: 'Ada Lovelace',
    tags: ['method', 'history', 'probability', 'notes'],
    readTime: 5,
    wordCount: 1000,
    publishedAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
    createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
    status: 'published',
    featured: 0,
    bannerImage: null,
    contentImages: [],
    ...overrides,
  }
}

export function post(overrides: Partial<Post> = {}): Post {
  const base = listItem(overrides)
  return {
    ...base,
    content: '# Hello',
    enhancedContent: null,
    html: '<h2 id="introduction">Introduction</h2><p>Some <em>text</em>.</p>',
    toc: [{ depth: 2, text: 'Introduction', id: 'introduction' }],
    annotations: null,
    annotatedContent: null,
    summary: null,
    contentSummary: null,
    bibliography: null,
    bibliographyContent: null,
    mathematicalModel: null,
    provenance: {},
    neighbours: { previous: null, next: null },
    ...overrides,
  }
}
