import { describe, expect, it } from 'vitest'
import { render } from '../../../web/entry-server.js'
import { listItem, site } from './fixtures.js'

const home = (url: string, data: unknown, key = '/api/posts') =>
  render({ url, site, queries: [{ queryKey: [key], data }] }).html

describe('render() — home details', () => {
  it('marks drafts (only admins are sent them) and featured posts', () => {
    const html = home('/', [
      listItem({ slug: 'draft', status: 'draft' }),
      listItem({ slug: 'published' }),
      listItem({ slug: 'featured-draft', status: 'draft', featured: 1 }),
    ])
    expect(html.match(/class="badge badge--draft"/g)).toHaveLength(2)
    expect(html.match(/class="badge badge--featured"/g)).toHaveLength(1)
  })

  it('keeps the search box and sort on an empty site (SPEC §2: a search box is present)', () => {
    const html = home('/', [])
    expect(html).toContain('Welcome to Scholia')
    expect(html).toContain('placeholder="Search blog posts..."')
    expect(html).toContain('Sort by')
  })

  it('renders the page, sort and query of the address, so a shared link shows the same view', () => {
    const posts = Array.from({ length: 8 }, (_, i) => listItem({ title: `Essay ${i + 1}`, slug: `e${i + 1}` }))
    const html = home('/?sort=title&dir=asc&page=2', posts)
    const slugs = [...html.matchAll(/href="\/posts\/(e\d+)"/g)].map((m) => m[1])
    expect(slugs).toEqual(['e7', 'e8'])
    // the pagination links keep the sort
    expect(html).toContain('href="/?sort=title&amp;dir=asc"')
    expect(html).toMatch(/aria-label="Page 2" aria-current="page"|aria-current="page" aria-label="Page 2"/)

    const found = home('/?search=bayes', [listItem({ slug: 'bayes-1' })], '/api/posts?search=bayes')
    expect(found).toContain('Search Results for &quot;bayes&quot;')
    expect(found).toContain('value="bayes"')
    expect(found).toContain('1 post found')
  })

  it('lets assistive technology know the list is loading', () => {
    const html = render({ url: '/', site, queries: [] }).html
    expect(html).toMatch(/role="status"[^>]*>Loading posts…</)
  })
})
