import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../../../web/entry-server.js'
import { receiveServerComputed, serverComputed } from '../../../web/lib/server-computed.js'
import { post, site } from './fixtures.js'

afterEach(() => receiveServerComputed({}))

describe('values the server works out once for the hydrating browser', () => {
  const essay = post({
    slug: 'fluxions',
    title: 'On Fluxions',
    excerpt: 'The fluxion of a fluent is its rate.',
    html: '<p>The fluxion of a fluent is its rate.</p>',
  })
  const rendered = render({
    url: '/posts/fluxions',
    site,
    queries: [{ queryKey: ['/api/posts', 'fluxions'], data: essay }],
  })

  it("go out with a post page's state: whether the lede repeats the opening, and the citation", () => {
    const computed = rendered.state.computed ?? {}
    const lede = Object.entries(computed).find(([key]) => key.startsWith('lede:fluxions:'))
    const citation = Object.entries(computed).find(([key]) => key.startsWith('citation:fluxions:'))
    expect(lede?.[1]).toBe(true)
    expect(citation?.[1]).toMatchObject({ title: 'On Fluxions', url: 'https://essays.example/posts/fluxions' })
    // the lede that only repeats the opening is not shown
    expect(rendered.html).not.toContain('post-lede')
  })

  it('are read back rather than worked out again, and only for the same key', () => {
    receiveServerComputed({ answer: 42 })
    let runs = 0
    expect(serverComputed('answer', () => ++runs)).toBe(42)
    expect(serverComputed('other', () => ++runs)).toBe(1)
    expect(runs).toBe(1)
  })

  it('are collected by one render only, not left open for the next', () => {
    const next = render({ url: '/about', site, queries: [] })
    expect(Object.keys(next.state.computed ?? {}).some((key) => key.startsWith('lede:'))).toBe(false)
  })
})
