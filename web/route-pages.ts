import type { QueryClient } from '@tanstack/react-query'
import type { Post } from '../src/shared/schemas/index.js'
import { postKeys } from './api/posts.js'
import { lazyPage } from './lazy-page.js'
import type { LazyPage } from './lazy-page.js'
import { hasReadingAids, loadReadingAids } from './lib/reading-aids-loader.js'
import type { ResolvedRoute } from './routes.js'
import type { RouteName } from './routes.js'

// Each reader-facing page is its own chunk, so a reader's first page downloads and runs only
// its own code (the post page's reading aids and discovery panels, for one, stay off the home
// page). The owner's workspace pages load lazily in app-routes.tsx.
export const searchPage = lazyPage(() => import('./pages/search-page.js').then((m) => m.SearchPage))
export const postPage = lazyPage(() => import('./pages/post-page.js').then((m) => m.PostPage))
// The home page carries the owner's selection and bulk tools, the about page its editor, the
// account pages their forms: none of it is the code a reader of an essay should download.
export const homePage = lazyPage(() => import('./pages/home-page.js').then((m) => m.HomePage))
export const aboutPage = lazyPage(() => import('./pages/about-page.js').then((m) => m.AboutPage))
export const profilePage = lazyPage(() => import('./pages/profile-page.js').then((m) => m.ProfilePage))
export const adminSecretPage = lazyPage(() => import('./pages/admin-secret-page.js').then((m) => m.AdminSecretPage))

const BY_ROUTE: Partial<Record<RouteName, LazyPage<never>>> = {
  home: homePage,
  search: searchPage,
  about: aboutPage,
  profile: profilePage,
  'admin-secret': adminSecretPage,
  post: postPage,
  'post-alias': postPage,
}

/**
 * Loads the code the first render of a route needs: its page, and for a post with stored
 * enhancements (in `queryClient`, as the server handed it over) the reading aids' reader, so
 * the server's markup is hydrated as rendered.
 */
export async function loadRoutePage(
  route: Pick<ResolvedRoute, 'name' | 'params'>,
  queryClient: QueryClient,
): Promise<void> {
  const slug = route.name === 'post' || route.name === 'post-alias' ? route.params.slug : undefined
  const post = slug ? queryClient.getQueryData<Post | null>(postKeys.detail(slug)) : null
  // Without the reader the page still starts: React then renders the aids' part afresh.
  const aids =
    post && hasReadingAids(post)
      ? loadReadingAids().catch((error: unknown) => console.error('Scholia: the reading aids failed to load', error))
      : undefined
  await Promise.all([BY_ROUTE[route.name]?.load(), aids])
}

/** Every page's code, and the reading aids' reader: the server renders any page synchronously. */
export async function loadAllPages(): Promise<void> {
  await Promise.all([...Object.values(BY_ROUTE).map((page) => page.load()), loadReadingAids()])
}
