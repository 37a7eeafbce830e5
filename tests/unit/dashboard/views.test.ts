import { describe, expect, it } from 'vitest'
import { keysLines } from '../../../src/dashboard/keys.js'
import { layoutFor } from '../../../src/dashboard/layout.js'
import { filterPosts, visibleWindow } from '../../../src/dashboard/post-list.js'
import type { PostRow, Snapshot } from '../../../src/dashboard/snapshot.js'
import { formatSummary, oneLine } from '../../../src/dashboard/summary.js'

const row = (id: number, title: string, more: Partial<PostRow> = {}): PostRow => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  status: 'published',
  featured: false,
  readTime: 3,
  enhancements: [],
  url: `https://x.org/posts/${id}`,
  ...more,
})

describe('the posts list', () => {
  it('filters by every word, in title or slug, ignoring case', () => {
    const posts = [row(1, 'The Gaussian Integral'), row(2, 'On Notation'), row(3, 'Gauss and Notation')]
    expect(filterPosts(posts, 'gauss').map((p) => p.id)).toEqual([1, 3])
    expect(filterPosts(posts, 'NOTATION gauss').map((p) => p.id)).toEqual([3])
    expect(filterPosts(posts, '  ')).toHaveLength(3)
  })

  it('scrolls so the cursor stays in view', () => {
    expect(visibleWindow(5, 4, 10)).toEqual({ start: 0, end: 5 })
    expect(visibleWindow(100, 0, 10)).toEqual({ start: 0, end: 10 })
    expect(visibleWindow(100, 50, 10)).toEqual({ start: 45, end: 55 })
    expect(visibleWindow(100, 99, 10)).toEqual({ start: 90, end: 100 })
  })
})

describe('the layout', () => {
  it('puts the posts beside the other panes on a wide terminal and stacks them on a narrow one', () => {
    const wide = layoutFor({ columns: 160, rows: 40 }, false)
    expect(wide.wide).toBe(true)
    expect(wide.posts.width + wide.jobs.width).toBe(160)
    expect(wide.jobs.height + wide.community.height + wide.imports.height).toBe(wide.posts.height)
    const narrow = layoutFor({ columns: 80, rows: 40 }, true)
    expect(narrow.wide).toBe(false)
    expect(narrow.posts.height + narrow.jobs.height + narrow.community.height + narrow.imports.height + 4).toBe(
      narrow.height,
    )
    expect(narrow.height).toBeLessThan(40)
  })
})

describe('the help line', () => {
  it('names every key with its label, on two lines when the terminal is narrow', () => {
    expect(keysLines(120)).toEqual([
      '↑↓ move  space select  / filter  i import  g generate  p publish  o open  ? help  q quit',
    ])
    const two = keysLines(60)
    expect(two).toHaveLength(2)
    expect(two.join('  ')).toBe(keysLines(120)[0])
    expect(keysLines(30)).toEqual(['↑↓ space / i g p o ? q'])
  })
})

describe('the summary without a terminal', () => {
  it('lists posts, jobs with their errors, readers and imports', () => {
    const snapshot: Snapshot = {
      dataDir: '/srv/blog/data',
      baseUrl: 'https://x.org',
      posts: [
        row(1, 'Gauss', { featured: true, enhancements: ['summary', 'models'] }),
        row(2, 'Draft', { status: 'draft' }),
      ],
      jobs: [
        {
          id: 'j',
          postId: 1,
          title: 'Gauss',
          kind: 'images',
          status: 'failed',
          createdAt: '',
          completedAt: '',
          error: 'no key',
        },
      ],
      pendingJobs: 0,
      subscribers: 4,
      pendingComments: [{ id: 1, postTitle: 'Gauss', name: 'Ada', text: 'Lovely\nproof.', createdAt: '' }],
      recentImports: [{ slug: 'gauss', title: 'Gauss', path: '/e/gauss.md', at: '2026-01-02T03:04:05.000Z' }],
    }
    const text = formatSummary(snapshot).join('\n')
    expect(text).toContain('Posts: 2 (1 published, 1 draft, 1 featured)')
    expect(text).toMatch(/published ★ Gauss \(\/posts\/gauss, 3 min\) {2}summary, models/)
    expect(text).toMatch(/draft\s+Draft .* no enhancements/)
    expect(text).toContain('Jobs: 0 waiting or running, 1 failed')
    expect(text).toMatch(/failed\s+images\s+Gauss: no key/)
    expect(text).toContain('Subscribers: 4')
    expect(text).toContain('Ada on "Gauss": Lovely proof.')
    expect(text).toContain('2026-01-02 03:04  /e/gauss.md → /posts/gauss')
  })

  it('cuts long text to one line', () => {
    expect(oneLine('a  b\n c', 10)).toBe('a b c')
    expect(oneLine('abcdefghijkl', 5)).toBe('abcd…')
  })
})
