import { describe, expect, it } from 'vitest'
import { browsePosts } from '../../../src/posts/manage-filter.js'
import { ManageQuerySchema, type Enhancement, type PostMeta } from '../../../src/shared/schemas/index.js'

// Issue 23.10: the Post Manager's search, filters and pages are a rule of the core, checked here
// without a server; the API test checks the route validates its query with the same schema.

function meta(id: number, over: Partial<PostMeta> = {}): PostMeta {
  const at = new Date(Date.UTC(2024, 0, 1) + id * 86_400_000).toISOString()
  return {
    id,
    title: `Essay ${id}`,
    slug: `essay-${id}`,
    excerpt: '',
    metaDescription: null,
    author: 'Ada Lovelace',
    tags: ['method'],
    readTime: 5,
    wordCount: 1000,
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    status: 'published',
    featured: 0,
    bannerImage: null,
    contentImages: [],
    source: null,
    contentHash: 'h',
    rev: 1,
    bodyRev: 1,
    ...over,
  }
}

const query = (input: Record<string, unknown> = {}) => ManageQuerySchema.parse(input)

describe('the Post Manager’s rule', () => {
  const posts = [
    meta(1, { title: 'Erdős on Primes', status: 'draft' }),
    meta(2, { title: 'On Notation', featured: 1, tags: ['notation', 'history'] }),
    meta(3, { title: 'Gaussian Integral', author: 'C. F. Gauss' }),
    meta(4, { title: '注意力机制', slug: 'attention-zh', status: 'draft', featured: 1 }),
  ]
  const enh = new Map<number, Enhancement[]>([
    [2, ['annotations', 'summary']],
    [3, ['images']],
  ])

  it('defaults to the first page of everything, and counts every kind whatever the filters', () => {
    const page = browsePosts(posts, enh, query())
    expect(page.posts.map((p) => p.id)).toEqual([1, 2, 3, 4])
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20, pageCount: 1 })
    expect(page.counts).toEqual({ all: 4, draft: 2, published: 2, featured: 2, enhanced: 1 })
    expect(page.posts[1].enhancements).toEqual(['annotations', 'summary'])
    // the list item shape: no internal bookkeeping
    expect(page.posts[0]).not.toHaveProperty('contentHash')
  })

  it('filters by status, featured and enhanced (images alone are not an enhancement), and combines them', () => {
    const ids = (input: Record<string, unknown>) => browsePosts(posts, enh, query(input)).posts.map((p) => p.id)
    expect(ids({ status: 'draft' })).toEqual([1, 4])
    expect(ids({ status: 'published' })).toEqual([2, 3])
    expect(ids({ featured: 'yes' })).toEqual([2, 4])
    expect(ids({ featured: 'no' })).toEqual([1, 3])
    expect(ids({ enhanced: 'yes' })).toEqual([2])
    expect(ids({ enhanced: 'no' })).toEqual([1, 3, 4])
    expect(ids({ status: 'draft', featured: 'yes' })).toEqual([4])
    expect(browsePosts(posts, enh, query({ status: 'draft', counts: 'ignored' })).counts.all).toBe(4)
  })

  it('searches title, slug, author and tags: every word, any case, any accents, CJK too', () => {
    const ids = (q: string) => browsePosts(posts, enh, query({ q })).posts.map((p) => p.id)
    expect(ids('erdos')).toEqual([1])
    expect(ids('  NOTATION history ')).toEqual([2])
    expect(ids('gauss')).toEqual([3])
    expect(ids('注意力')).toEqual([4])
    expect(ids('attention-zh')).toEqual([4])
    expect(ids('notation gauss')).toEqual([])
  })

  it('pages the matches, keeps every match for a selection across pages, and shows the last page when asked past it', () => {
    const many = Array.from({ length: 300 }, (_, i) => meta(i + 1, { status: i % 3 === 0 ? 'draft' : 'published' }))
    const page2 = browsePosts(many, new Map(), query({ status: 'draft', page: '2', pageSize: '25' }))
    expect(page2).toMatchObject({ total: 100, page: 2, pageCount: 4 })
    expect(page2.posts).toHaveLength(25)
    expect(page2.posts[0].id).toBe(76)
    expect(page2.matching).toHaveLength(100)
    expect(page2.matching[0]).toEqual({ id: 1, title: 'Essay 1' })
    expect(browsePosts(many, new Map(), query({ status: 'draft', page: 9, pageSize: 25 })).page).toBe(4)
    expect(browsePosts([], new Map(), query({ page: 3 }))).toMatchObject({ total: 0, page: 1, pageCount: 1, posts: [] })
  })

  // Its speed on a large site is a bench figure (never a timed assertion here): this checks the
  // answer on 300 posts, every word of the query in the title, slug, author or tags, pages of 20.
  it('finds every post with all the words, on a site of 300 posts, a page at a time', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      meta(i + 1, {
        tags: ['a', 'b', 'c'],
        title: `A long essay title number ${i}`,
        status: i % 3 === 0 ? 'draft' : 'published',
      }),
    )
    const searched = (m: PostMeta) => [m.title, m.slug, m.author, ...m.tags].join(' ').toLowerCase()
    const wanted = many.filter(
      (m) => m.status === 'published' && searched(m).includes('essay') && searched(m).includes('2'),
    )
    const first = browsePosts(many, new Map(), query({ q: 'essay 2', status: 'published' }))
    const second = browsePosts(many, new Map(), query({ q: 'essay 2', status: 'published', page: 2 }))
    expect(first.total).toBe(wanted.length)
    expect(first.pageCount).toBe(Math.ceil(wanted.length / 20))
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual(wanted.slice(0, 40).map((m) => m.id))
    expect(first.matching.map((m) => m.id).sort((a, b) => a - b)).toEqual(wanted.map((m) => m.id).sort((a, b) => a - b))
  })

  it('refuses what it cannot read: the schema checks each field', () => {
    expect(ManageQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false)
    expect(ManageQuerySchema.safeParse({ page: '0' }).success).toBe(false)
    expect(ManageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false)
    expect(ManageQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false)
    expect(ManageQuerySchema.safeParse({ enhanced: 'maybe' }).success).toBe(false)
  })
})
