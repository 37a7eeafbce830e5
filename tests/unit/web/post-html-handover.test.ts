import { describe, expect, it } from 'vitest'
import type { DehydratedState } from '@tanstack/react-query'
import {
  LONGEST_HANDED_OVER,
  POST_HTML_ELEMENT_ID,
  leaveLongPostHtml,
  postLeftInPage,
  returnPostHtml,
  takePostHtml,
} from '../../../web/post-html-handover.js'

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

describe('a long essay, left in the article alone', () => {
  const long = `<p>${'A long essay on estimation. '.repeat(Math.ceil(LONGEST_HANDED_OVER / 27))}</p>`

  it('is not handed over as a copy, but taken out of the state for the browser to fetch', () => {
    const state = stateWith({ title: 'A long essay', html: long })
    expect(takePostHtml(state)).toBeNull()
    const left = leaveLongPostHtml(state)!
    expect(postOf(left)).toEqual({ title: 'A long essay', html: '' })
    expect(left.queries[0]).toBe(state.queries[0])
    expect(postOf(state).html).toBe(long)
    // a short essay still goes as a copy
    expect(leaveLongPostHtml(stateWith({ title: 'An essay', html }))).toBeNull()
    expect(leaveLongPostHtml(stateWith(null))).toBeNull()
  })

  it("is named to the browser by the empty handover element and the state's empty post", () => {
    const left = leaveLongPostHtml(stateWith({ title: 'A long essay', html: long }))!
    // what the browser's document answers: the handover element and its text, or none
    const page = (handover: string | null) =>
      ({
        getElementById: (id: string) =>
          id === POST_HTML_ELEMENT_ID && handover !== null ? { textContent: handover } : null,
      }) as unknown as Document
    expect(postLeftInPage(left, page(''))).toBe('an-essay')
    // a copy handed over, or no handover element: nothing to fetch
    expect(postLeftInPage(left, page(html))).toBeNull()
    expect(postLeftInPage(left, page(null))).toBeNull()
    expect(postLeftInPage(stateWith({ title: 'An essay', html }), page(''))).toBeNull()
  })
})
