import { Suspense, lazy } from 'react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { useHydrated } from './hooks/use-hydrated.js'
import { AdminOnly } from './pages/access-denied-page.js'
import { NotFoundPage } from './pages/not-found-page.js'
import { aboutPage, adminSecretPage, homePage, postPage, profilePage, searchPage } from './route-pages.js'
import { resolveRoute } from './routes.js'

const { Page: HomePage } = homePage
const { Page: SearchPage } = searchPage
const { Page: AboutPage } = aboutPage
const { Page: ProfilePage } = profilePage
const { Page: AdminSecretPage } = adminSecretPage
const { Page: PostPage } = postPage

// The owner's workspace loads only for the owner: readers never download it. It is rendered
// once the page is hydrated (the server sends its loading state), so hydration never suspends.
const UploadPage = lazy(() => import('./pages/upload-page.js').then((m) => ({ default: m.UploadPage })))
const ManagePage = lazy(() => import('./pages/manage-page.js').then((m) => ({ default: m.ManagePage })))

function Loading({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  const fallback = (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
    </div>
  )
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}

/**
 * Renders the page for the current address. Matching goes through the same resolveRoute()
 * the server uses, so the server's status code and prefetching always agree with the page.
 * Admin-only pages carry a key each, so going from one to another is a new visit (SPEC §2's
 * Access Denied toast shows once per visit).
 */
export function AppRoutes() {
  const [pathname] = useLocation()
  const route = resolveRoute(pathname)
  switch (route.name) {
    case 'home':
      return <HomePage />
    case 'search':
      return <SearchPage />
    case 'about':
      return <AboutPage />
    case 'upload':
      return (
        <AdminOnly
          key="upload"
          title="Upload"
          lede="Add markdown essays to the site. Each file becomes a post, or updates the post it was imported as."
        >
          <Loading>
            <UploadPage />
          </Loading>
        </AdminOnly>
      )
    case 'manage':
      return (
        <AdminOnly
          key="manage"
          title="Manage Content"
          lede="Edit, publish and enhance your posts, one at a time or in bulk."
        >
          <Loading>
            <ManagePage />
          </Loading>
        </AdminOnly>
      )
    case 'profile':
      return <ProfilePage key="profile" />
    case 'admin-secret':
      return <AdminSecretPage />
    case 'post':
    case 'post-alias':
      // keyed by slug: a new essay starts from a fresh page state (TOC open, top of page)
      return <PostPage key={route.params.slug} slug={route.params.slug} alias={route.name === 'post-alias'} />
    case 'not-found':
      return <NotFoundPage />
  }
}
