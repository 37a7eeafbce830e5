import { Suspense, lazy } from 'react'
import type { ComponentType, JSX } from 'react'

/** A page whose code is fetched on demand in the browser, and can be fetched ahead of rendering. */
export interface LazyPage<P extends object> {
  /** Renders the page: at once when its code is here, else its loading state until it is. */
  Page: (props: P) => JSX.Element
  /** Fetches the page's code (once); resolves when it can render without suspending. */
  load: () => Promise<void>
}

function PageLoading() {
  return (
    <div className="container page" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
    </div>
  )
}

/**
 * Code splitting by page. The browser hydrates the server's markup only after loading the
 * page's code (see web/boot-client.tsx), so hydration never suspends; a later visit to
 * another page shows its loading state while that page's code arrives. On the server every
 * page is loaded before the first render (web/entry-server.tsx).
 */
export function lazyPage<P extends object>(importPage: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<void> | null = null
  const load = () =>
    (loading ??= importPage().then(
      (component) => void (loaded = component),
      (error: unknown) => {
        loading = null // a failed fetch (offline, a new deploy) may be tried again
        throw error
      },
    ))
  const Deferred = lazy(() => load().then(() => ({ default: loaded! })))
  function Page(props: P) {
    const Loaded = loaded
    if (Loaded) return <Loaded {...props} />
    return (
      <Suspense fallback={<PageLoading />}>
        <Deferred {...props} />
      </Suspense>
    )
  }
  return { Page, load }
}
