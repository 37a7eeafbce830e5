import { lazyPage } from './lazy-page.js'
import type { LazyPage } from './lazy-page.js'
import type { RouteName } from './routes.js'

// Each reader-facing page is its own chunk, so a reader's first page downloads and runs only
// its own code (the post page's reading aids and discovery panels, for one, stay off the home
// page). The owner's workspace pages load lazily in app-routes.tsx.
export const searchPage = lazyPage(() => import('./pages/search-page.js').then((m) => m.SearchPage))
export const postPage = lazyPage(() => import('./pages/post-page.js').then((m) => m.PostPage))

const BY_ROUTE: Partial<Record<RouteName, LazyPage<never>>> = {
  search: searchPage,
  post: postPage,
  'post-alias': postPage,
}

/** Loads the code of the page a route shows (nothing to load for the others). */
export async function loadRoutePage(route: RouteName): Promise<void> {
  await BY_ROUTE[route]?.load()
}

/** Every page's code: the server renders any of them synchronously. */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.values(BY_ROUTE).map((page) => page.load()))
}
