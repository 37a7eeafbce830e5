import { QueryClientProvider } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { Router } from 'wouter'
import type { SiteInfo } from '../src/shared/site-info.js'
import { AppRoutes } from './app-routes.js'
import { CurrentUserProvider } from './api/auth.js'
import { LoginProvider } from './components/auth/login-provider.js'
import { JobTracker } from './components/jobs/job-tracker.js'
import { Layout } from './components/layout/layout.js'
import { ToastProvider } from './components/ui/toaster.js'
import { SiteProvider } from './site-context.js'

export interface RootProps {
  queryClient: QueryClient
  site: SiteInfo
  /** Server only: the path being rendered. In the browser the router reads window.location. */
  ssrPath?: string
  /** Server only: the query string being rendered, without '?'. */
  ssrSearch?: string
  /** The sub-path the site is served from ('/blog'): a static build's pages, see web/static/. */
  base?: string
}

/** The whole app, the same tree on the server and in the browser. */
export function Root({ queryClient, site, ssrPath, ssrSearch, base }: RootProps) {
  const routerProps = {
    ...(ssrPath === undefined ? {} : { ssrPath, ssrSearch: ssrSearch ?? '' }),
    ...(base ? { base } : {}),
  }
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CurrentUserProvider>
          <SiteProvider site={site}>
            <ToastProvider>
              <Router {...routerProps}>
                <LoginProvider>
                  <Layout>
                    <AppRoutes />
                  </Layout>
                  {/* SPEC §2: the floating job tracker, on every page (admins only; nothing for readers) */}
                  <JobTracker />
                </LoginProvider>
              </Router>
            </ToastProvider>
          </SiteProvider>
        </CurrentUserProvider>
      </QueryClientProvider>
    </StrictMode>
  )
}
