import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { useOwnerStyles } from '../../hooks/use-owner-styles.js'
import { fragmentTarget, landOn } from '../../lib/essay-jump.js'
import { ReadingTrackerMount } from './reading-tracker.js'
import { SiteFooter } from './site-footer.js'
import { SiteHeader } from './site-header.js'

export const MAIN_ID = 'main'

/**
 * After an in-app navigation to another page: start at the top (or at the #fragment), and
 * move focus to the main region so screen readers announce the new page. The first render
 * (server markup being hydrated) is left alone.
 */
function useRouteChangeFocus(pathname: string) {
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const target = fragmentTarget()
    if (target) {
      landOn(target, false)
    } else {
      window.scrollTo(0, 0)
    }
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true })
  }, [pathname])
}

/** The page frame: skip link, header, main landmark, footer; and the reading tracker (SPEC §7), which shows nothing. */
export function Layout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation()
  useRouteChangeFocus(pathname)
  useOwnerStyles()
  return (
    <div className="site">
      <a href={`#${MAIN_ID}`} className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ReadingTrackerMount />
    </div>
  )
}
