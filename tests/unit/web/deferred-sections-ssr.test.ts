import { describe, expect, it } from 'vitest'
import { render } from '../../../web/entry-server.js'
import { post, site } from './fixtures.js'

// The post page's related posts and comments wait until the reader nears them; the server
// sends their loading states, which the browser's first render repeats (no hydration mismatch).
describe('render() — the post page’s deferred sections', () => {
  const essay = post({ slug: 'deferred', title: 'Deferred Sections' })
  const out = render({
    url: `/posts/${essay.slug}`,
    site,
    queries: [{ queryKey: ['/api/posts', essay.slug], data: essay }],
  }).html

  it('sends the related posts card loading, with its three skeleton rows', () => {
    expect(out).toMatch(/<section class="related-card"[^>]*aria-busy="true"/)
    expect(out.match(/related-item--skeleton/g)).toHaveLength(3)
  })

  it('sends the comments loading, and a placeholder of the form instead of the form', () => {
    expect(out).toContain('Loading comments…')
    expect(out).toMatch(
      /<div class="comment-form comment-form--placeholder" aria-hidden="true"><p class="comment-form__title">Leave a comment<\/p>/,
    )
    expect(out).toContain('Comments appear once the author has approved them.')
    expect(out).not.toMatch(/<form[^>]*class="comment-form"/)
    expect(out).not.toContain('<textarea')
  })
})
