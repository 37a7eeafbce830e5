// The app's start in the browser, loaded by web/entry-client.tsx once the server's markup is
// on screen: it reads the server's state and hydrates that markup.
// before every module that defines a schema (see the file)
import './zod-jitless.js'

import { hydrate } from '@tanstack/react-query'
import type { DehydratedState } from '@tanstack/react-query'
import { startTransition } from 'react'
import type { ReactNode } from 'react'
import { Root } from './app.js'
import { createQueryClient } from './api/query-client.js'
import { essayHtmlInPage, postHtmlOf, postLeftInPage, returnPostHtml } from './post-html-handover.js'
import { postKeys, refetchedOnArrival } from './api/posts.js'
import type { QueryClient } from '@tanstack/react-query'
import { STATE_ELEMENT_ID } from './ssr-contract.js'
import type { ClientState } from './ssr-contract.js'
import { canHydrate, appPathOf, readStaticSite, tidyAddress } from './static/static-site.js'
import type { StaticSite } from './static/static-site.js'
import { prepareTabTracker } from './lib/tab-tracker.js'
import { replayEarlyTap } from './lib/early-taps.js'
import { receiveServerComputed } from './lib/server-computed.js'
import { loadRoutePage } from './route-pages.js'
import { resolveRoute } from './routes.js'

function readState(): ClientState {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent
  if (text) {
    try {
      return JSON.parse(text) as ClientState
    } catch (error) {
      console.error('Scholia: unreadable server state', error)
    }
  }
  return {
    site: { name: document.title || 'Scholia', ownerName: '', baseUrl: window.location.origin, description: '' },
    dehydrated: undefined,
  }
}

/**
 * Reads the server's state and starts React on the markup. Called in a task after the one that
 * evaluated this chunk's modules: together they made one of the longest tasks of a page load,
 * apart they stay short enough not to hold up a reader's first tap or key press.
 */
function boot(): void {
  // A page of `blog build`'s static copy: the API is answered from its data files (web/static/),
  // by code fetched for such pages only (a served site's pages never need it), before anything
  // of the app runs.
  const staticSite = readStaticSite(document)
  if (!staticSite) return bootWith(null)
  import('./static/static-api.js').then(
    ({ installStaticApi }) => {
      installStaticApi(staticSite)
      tidyAddress(staticSite, window.location, window.history)
      bootWith(staticSite)
    },
    (error: unknown) => console.error('Scholia: the app failed to start', error),
  )
}

function bootWith(staticSite: StaticSite | null): void {
  const state = readState()
  receiveServerComputed(state.computed)
  const queryClient = createQueryClient()
  const dehydrated = state.dehydrated as DehydratedState | undefined
  // a server's page of a long essay: the post is fetched, not read back from the article
  const leftInPage = dehydrated && !staticSite ? postLeftInPage(dehydrated, document) : null
  if (dehydrated) hydrate(queryClient, leftInPage ? dehydrated : returnPostHtml(dehydrated, postHtmlOf(document)))
  const essay = leftInPage ? fetchEssay(queryClient, leftInPage) : null

  const container = document.getElementById('root')
  if (!container) throw new Error('Scholia: no #root element to render into')
  const app = <Root queryClient={queryClient} site={state.site} base={staticSite?.base} />
  const route = resolveRoute(appPathOf(window.location.pathname, staticSite?.base ?? '') ?? '/')
  const hydrates = container.hasChildNodes() && (!staticSite || canHydrate(staticSite, window.location))
  start({ container, app, hydrates, load: () => Promise.all([loadRoutePage(route, queryClient), essay]) }).catch(
    (error: unknown) => console.error('Scholia: the app failed to start', error),
  )
}

/**
 * The post whose essay the server's page left in its article alone, fetched before hydration:
 * the app renders the essay from the post's HTML, which the page's state does not carry. This
 * is SPEC §7's refetch of a shown post, so the post page does not make it again. Should the
 * fetch fail, the essay is read back from the article, so the page still starts.
 */
async function fetchEssay(queryClient: QueryClient, slug: string): Promise<void> {
  const key = postKeys.detail(slug)
  try {
    await queryClient.refetchQueries({ queryKey: key, exact: true }, { throwOnError: true })
    refetchedOnArrival.add(slug)
  } catch {
    const html = essayHtmlInPage(document)
    if (html !== null)
      queryClient.setQueryData(key, (post: unknown) => (post && typeof post === 'object' ? { ...post, html } : post))
  }
}

/**
 * React DOM and the page's own code arrive as separate chunks, in parallel, each run in a task
 * of its own; the page's code is here before hydration starts, so hydration never suspends.
 * (Not a top-level await: those chunks import this one's modules, which must finish first.)
 */
async function start({
  container,
  app,
  hydrates,
  load,
}: {
  container: HTMLElement
  app: ReactNode
  hydrates: boolean
  load: () => Promise<unknown>
}): Promise<void> {
  prepareTabTracker()
  const [{ createRoot, hydrateRoot }] = await Promise.all([import('react-dom/client'), load()])
  // A static host may answer with another address's page (404.html, index.html for `/?page=2`):
  // that markup is replaced rather than hydrated. Hydration as a transition is done in slices
  // that yield to the browser between them rather than in one long task; a click or key press
  // meanwhile makes React finish it first.
  if (hydrates) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
  // replaced markup has none of the buttons that were tapped
  replayEarlyTap(hydrates)
}

setTimeout(boot, 0)
