import { useLocation } from 'wouter'
import { AboutPage } from './pages/about-page.js'
import { AdminOnly } from './pages/access-denied-page.js'
import { AdminSecretPage } from './pages/admin-secret-page.js'
import { HomePage } from './pages/home-page.js'
import { NotFoundPage } from './pages/not-found-page.js'
import { PostPage } from './pages/post-page.js'
import { ProfilePage } from './pages/profile-page.js'
import { SearchPage } from './pages/search-page.js'
import { resolveRoute } from './routes.js'

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
        <AdminOnly key="upload" title="Upload">
          <p className="page-lede">Drop markdown essays here to publish them.</p>
        </AdminOnly>
      )
    case 'manage':
      return (
        <AdminOnly key="manage" title="Manage Content">
          <p className="page-lede">Edit, publish and enhance your posts.</p>
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
