import { describe, expect, it } from 'vitest'
import type { DehydratedState } from '@tanstack/react-query'
import { returnPostHtml, takePostHtml } from '../../../web/post-html-handover.js'

const html = '<p>An essay with <span class="katex">x</span> &amp; a <a href="/posts/b">link</a>.</p>'

function stateWith(data: unknown, key: unknown[] = ['/api/posts', 'an-essay']): DehydratedState {
  const footer = { queryKey: ['/api/footer'], queryHash: '["/api/footer"]', state: { data: { title: 'Scholia' } } }
  return {
    mutations: [],
    queries: [footer, { queryKey: key, queryHash: JSON.stringify(key), state: { data } }],
  } as unknown as DehydratedState
}
const postOf = (state: DehydratedState) => state.queries[1].state.data as { title: string; html: string }

describe("handing a post page's HTML over beside its state", () => {
  it("takes the post's HTML out of the state and puts it back exactly, leaving other queries alone", () => {
    const state = stateWith({ title: 'An essay', html })
    const taken = takePostHtml(state)!
    expect(taken.html).toBe(html)
    expect(postOf(taken.state)).toEqual({ title: 'An essay', html: '' })
    expect(taken.state.queries[0]).toBe(state.queries[0])
    // the server's state is not changed under the page cache
    expect(postOf(state).html).toBe(html)
    expect(returnPostHtml(taken.state, taken.html)).toEqual(state)
  })

  it('leaves in the state what cannot travel as raw text, an empty body, a missing post and other pages', () => {
    for (const bad of [
      '<p>a</script><p>b</p>',
      '<p>a</SCRIPT ></p>',
      '<!-- x --><p>a</p>',
      '<p>a\r\nb</p>',
      '<p>a\0b</p>',
      '',
    ])
      expect(takePostHtml(stateWith({ title: 't', html: bad }))).toBeNull()
    expect(takePostHtml(stateWith(null))).toBeNull()
    expect(takePostHtml(stateWith([{ html }], ['/api/posts']))).toBeNull()
  })

  it('keeps the state as it is when the page carries no HTML apart', () => {
    const state = stateWith({ title: 'An essay', html })
    expect(returnPostHtml(state, undefined)).toBe(state)
    expect(returnPostHtml(state, null)).toBe(state)
  })
})
