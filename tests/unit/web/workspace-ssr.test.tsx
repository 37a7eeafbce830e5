import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import type { User } from '../../../src/shared/schemas/index.js'
import { createQueryClient } from '../../../web/api/query-client.js'
import { render } from '../../../web/entry-server.js'
import { ManagePage } from '../../../web/pages/manage-page.js'
import { manageKeys } from '../../../web/api/manage.js'
import {
  MANAGE_PAGE_SIZE,
  ManageQuerySchema,
  type ManagePage as ManagePageData,
} from '../../../src/shared/schemas/manage.js'
import { UploadPage } from '../../../web/pages/upload-page.js'
import { listItem, post, site } from './fixtures.js'

const ME = ['/api/auth/me']
/** The Post Manager's first page as GET /api/manage/posts answers it, for these list items. */
const LIST = ['/api/posts']
const MANAGE_LIST = [...manageKeys.posts(ManageQuerySchema.parse({}))]
const managed = (items: ReturnType<typeof listItem>[]): ManagePageData => ({
  posts: items.map((p) => ({ ...p, enhancements: [] })),
  total: items.length,
  page: 1,
  pageSize: MANAGE_PAGE_SIZE,
  pageCount: 1,
  matching: items.map((p) => ({ id: p.id, title: p.title })),
  counts: {
    all: items.length,
    draft: items.filter((p) => p.status === 'draft').length,
    published: items.filter((p) => p.status !== 'draft').length,
    featured: items.filter((p) => p.featured).length,
    enhanced: 0,
  },
})
const admin: User = {
  id: 1,
  username: 'ada',
  email: 'ada@example.org',
  role: 'admin',
  createdAt: '2025-02-03T10:00:00.000Z',
}

const posts = [
  listItem({ id: 1, title: 'On Notation', tags: ['notation', 'history', 'method', 'symbols', 'extra'] }),
  listItem({ id: 2, title: 'Unfinished Draft', status: 'draft', tags: [] }),
]

function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

const renderAs = (url: string, user: User | null, extra: { queryKey: unknown[]; data: unknown }[] = []) =>
  render({ url, site, queries: [{ queryKey: ME, data: user }, ...extra] }).html

/**
 * The workspace pages load in the browser only (readers never download them; the server
 * sends their loading state), so they are rendered here on their own, with their data.
 */
function renderPage(page: ReactNode, extra: { queryKey: unknown[]; data: unknown }[] = []) {
  const queryClient = createQueryClient()
  for (const q of extra) queryClient.setQueryData(q.queryKey, q.data)
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath="/manage">{page}</Router>
    </QueryClientProvider>,
  )
}

describe('the workspace pages for an admin', () => {
  it('are sent by the server as a loading state (their code loads in the browser)', () => {
    for (const url of ['/manage', '/upload']) {
      const html = renderAs(url, admin)
      expect(html).toContain('Loading…')
      expect(html).not.toContain('Select All')
      expect(html).not.toContain('Drop markdown essays here')
    }
  })

  it('/manage lists every post with id, badge, 3 tags, row actions and the bulk buttons with counts', () => {
    const out = text(renderPage(<ManagePage />, [{ queryKey: MANAGE_LIST, data: managed(posts) }]))
    for (const label of [
      'Select All',
      'Clear All',
      'Regenerate Images (0)',
      'Generate Annotations (0)',
      'Generate Bibliography (0)',
      'Generate Models (0)',
      'Delete Annotations (0)',
      'Delete Selected (0)',
    ]) {
      expect(out).toContain(label)
    }
    expect(out).toContain('On Notation')
    expect(out).toMatch(/Id 1\b/)
    expect(out).toContain('Draft')
    expect(out).toContain('Published')
    expect(out).toContain('notation history method')
    expect(out).not.toContain('symbols')
    expect(out).toContain('Publish')
    expect(out).toContain('2 posts · 1 draft')
  })

  it('/manage with no posts offers /upload and /', () => {
    const html = renderPage(<ManagePage />, [{ queryKey: MANAGE_LIST, data: managed([]) }])
    expect(text(html)).toContain('No posts yet')
    expect(html).toContain('href="/upload"')
    expect(html).toMatch(/class="button button--secondary" href="\/"|href="\/" class="button button--secondary"/)
  })

  it('/upload has the drop zone and the file chooser for markdown, with the figures and .bib files essays use', () => {
    const html = renderPage(<UploadPage />)
    expect(text(html)).toContain('Drop markdown essays here')
    expect(text(html)).toContain('Browse files')
    expect(html).toContain(
      'accept=".md,.markdown,text/markdown,.bib,.png,.jpg,.jpeg,.gif,.webp,.avif,.svg,.mp4,.webm,.mp3,.ogg,.pdf"',
    )
  })

  it('the home page gives an admin the selection bar and a regenerate action per card, a guest neither', () => {
    const asAdmin = renderAs('/', admin, [{ queryKey: LIST, data: posts }])
    expect(text(asAdmin)).toContain('Regenerate Images (0)')
    expect(asAdmin).toContain('aria-label="Select &quot;On Notation&quot;"')
    expect(asAdmin).toContain('aria-label="Regenerate images for &quot;On Notation&quot;"')
    const asGuest = renderAs('/', null, [{ queryKey: LIST, data: posts.slice(0, 1) }])
    expect(asGuest).not.toContain('Select All')
    expect(asGuest).not.toContain('Regenerate images for')
  })

  it('the post page gives a signed-in user the Generate Content box, the arXiv export and the model Generate button', () => {
    const essay = post({ slug: 'plain-essay', toc: [] })
    const queries = [{ queryKey: ['/api/posts', essay.slug], data: essay }]
    const asAdmin = renderAs(`/posts/${essay.slug}`, admin, queries)
    expect(text(asAdmin)).toContain('Generate Content')
    for (const label of ['Generate Annotations', 'Generate Bibliography', 'Regenerate Images'])
      expect(text(asAdmin)).toContain(label)
    expect(asAdmin).toContain('aria-label="Export for arXiv"')
    // no model stored: the panel is there to make one
    expect(asAdmin).toContain('model-launcher')
    const asGuest = renderAs(`/posts/${essay.slug}`, null, queries)
    expect(text(asGuest)).not.toContain('Generate Content')
    expect(asGuest).not.toContain('Export for arXiv')
    expect(asGuest).not.toContain('model-launcher')
  })
})
