import { ENDPOINTS } from '../src/shared/api/endpoints.js'
import type { DehydratedState } from '@tanstack/react-query'
import { STATE_ELEMENT_ID } from './ssr-contract.js'

/**
 * A server-rendered post page carries the essay's HTML twice: in the article, and in the
 * query state the app is hydrated from. Inside the state's JSON every quote and `<` is
 * escaped, so the compressor cannot match it to the article. Handed over instead as the raw
 * text of a `<script type="text/plain">`, the copy is byte for byte the article's: brotli
 * sends it as a back-reference (measured on a sample post page: 16.0 kB → 12.4 kB).
 */

/** The id of the element that carries the post's HTML. */
export const POST_HTML_ELEMENT_ID = '__SCHOLIA_POST_HTML__'

/**
 * The longest essay HTML handed over as a copy, in characters. A longer one is left in the
 * article alone (the handover element empty) and the browser fetches the post before hydrating
 * (web/boot-client.tsx): the parser cannot yield inside a script's raw text, so the copy of the
 * heaviest math page (a megabyte of KaTeX) was one 200 ms task of parsing, and as much again of
 * decoding, on a fast machine, all after the first paint. The fetch is the post's refetch that
 * SPEC §7 makes anyway, done before hydration instead of after it; below this size the copy
 * costs less than the round trip.
 */
export const LONGEST_HANDED_OVER = 64 * 1024

/**
 * Text that cannot travel verbatim as a script element's raw text: `</script` would end it,
 * `<!--` changes how the parser looks for its end, and the parser rewrites CR and NUL.
 */
const NOT_RAW_TEXT = /<\/script|<!--|[\r\0]/i

type DehydratedQuery = DehydratedState['queries'][number]

function isPostQuery(query: DehydratedQuery): boolean {
  const key = query.queryKey
  return key.length === 2 && key[0] === ENDPOINTS.listPosts.path && typeof key[1] === 'string'
}

function htmlOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('html' in data)) return null
  return typeof data.html === 'string' ? data.html : null
}

/**
 * Server: the state without the post's HTML, and that HTML, for a page that shows a post;
 * null when there is none to take out (no post, an empty body, text that cannot go raw).
 */
export function takePostHtml(state: DehydratedState): { state: DehydratedState; html: string } | null {
  const index = state.queries.findIndex(isPostQuery)
  const query = state.queries[index]
  const html = query ? htmlOf(query.state.data) : null
  if (!query || !html || html.length > LONGEST_HANDED_OVER || NOT_RAW_TEXT.test(html)) return null
  const queries = [...state.queries]
  queries[index] = { ...query, state: { ...query.state, data: { ...(query.state.data as object), html: '' } } }
  return { state: { ...state, queries }, html }
}

/** Browser: the state with the post's HTML put back, when the page handed it over apart. */
export function returnPostHtml(state: DehydratedState, html: string | null | undefined): DehydratedState {
  if (typeof html !== 'string') return state
  return {
    ...state,
    queries: state.queries.map((query) =>
      isPostQuery(query) && htmlOf(query.state.data) === ''
        ? { ...query, state: { ...query.state, data: { ...(query.state.data as object), html } } }
        : query,
    ),
  }
}

/**
 * Static pages (`blog build`), and server pages of a long essay: the state without the post's
 * HTML, for a page whose article is its one copy; the page then carries an empty handover
 * element, which tells the browser to take the essay from elsewhere: a static page reads it from
 * the article (`postHtmlOf`), a server page fetches the post (`postLeftInPage`). No limit on the
 * text here: it never travels as a script's raw text. Null when the page shows no post or an
 * empty one.
 */
export function takePostHtmlFromPage(state: DehydratedState): DehydratedState | null {
  const index = state.queries.findIndex(isPostQuery)
  const query = state.queries[index]
  if (!query || !htmlOf(query.state.data)) return null
  const queries = [...state.queries]
  queries[index] = { ...query, state: { ...query.state, data: { ...(query.state.data as object), html: '' } } }
  return { ...state, queries }
}

/**
 * Where the post page puts the essay (web/pages/post-page.tsx: the prose inside #post-content),
 * and the generated illustrations it places between the essay's sections (web/lib/content-figures.ts),
 * which are the page's, not the essay's.
 */
const ESSAY_SELECTOR = '#post-content > .prose'
const PLACED_FIGURE_SELECTOR = 'figure.generated-figure'

/**
 * The essay's HTML as the page shows it, without the illustrations the page placed in it: what
 * the app renders the essay from. Serialised by the browser, so not byte for byte the server's
 * string, but the same elements, attributes and text. Null when the page shows no essay.
 */
export function essayHtmlInPage(doc: Document): string | null {
  const prose = doc.querySelector(ESSAY_SELECTOR)
  if (!prose) return null
  const copy = prose.cloneNode(true) as Element
  for (const figure of copy.querySelectorAll(PLACED_FIGURE_SELECTOR)) {
    // each is followed by the line break content-figures.ts adds
    const next = figure.nextSibling
    if (next && next.nodeType === 3 && next.textContent?.startsWith('\n')) {
      const rest = next.textContent.slice(1)
      if (rest) next.textContent = rest
      else next.remove()
    }
    figure.remove()
  }
  return copy.innerHTML
}

/**
 * Browser: the post's HTML the page handed over apart from its state: the handover element's
 * text, or, when that element is empty (a static page), the essay the page shows. Undefined
 * when the page hands nothing over.
 */
export function postHtmlOf(doc: Document): string | undefined {
  const element = doc.getElementById(POST_HTML_ELEMENT_ID)
  if (!element) return undefined
  const text = element.textContent ?? ''
  return text !== '' ? text : (essayHtmlInPage(doc) ?? undefined)
}

/**
 * Server: the state without the post's HTML, for a page that shows an essay too long to hand
 * over as a copy (`LONGEST_HANDED_OVER`): the page carries it in the article alone, and an empty
 * handover element. Null for any other page.
 */
export function leaveLongPostHtml(state: DehydratedState): DehydratedState | null {
  const query = state.queries.find(isPostQuery)
  const html = query ? htmlOf(query.state.data) : null
  return html && html.length > LONGEST_HANDED_OVER ? takePostHtmlFromPage(state) : null
}

/**
 * Browser, a server's page: the slug of the post whose essay the page left in its article alone
 * (an empty handover element, the state's post without HTML), or null. The browser fetches that
 * post rather than read the essay back from the article, which would cost a copy and a
 * serialisation of every element of it (100 ms and more for the heaviest math page, on a fast
 * machine) in the task that starts the app.
 */
export function postLeftInPage(state: DehydratedState, doc: Document): string | null {
  const element = doc.getElementById(POST_HTML_ELEMENT_ID)
  if (!element || element.textContent !== '') return null
  const query = state.queries.find((q) => isPostQuery(q) && htmlOf(q.state.data) === '')
  return query ? (query.queryKey[1] as string) : null
}

/**
 * Browser, static copy: the post a post page carries, as `/api/posts/{slug}` answers it: the
 * data from the page's state, the essay from its article. Null when the page shows no such post.
 */
export function postOfPage(doc: Document, slug: string): unknown {
  let state: { dehydrated?: DehydratedState }
  try {
    state = JSON.parse(doc.getElementById(STATE_ELEMENT_ID)?.textContent ?? '') as { dehydrated?: DehydratedState }
  } catch {
    return null
  }
  const query = state.dehydrated?.queries.find((q) => isPostQuery(q) && q.queryKey[1] === slug)
  const data = query?.state.data
  const html = htmlOf(data)
  if (html === null) return null
  return { ...(data as object), html: html === '' ? (postHtmlOf(doc) ?? '') : html }
}
