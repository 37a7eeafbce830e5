import { Menu } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { User } from '../../../src/shared/schemas/index.js'
import type { MobileMenuDialog } from './mobile-menu-dialog.js'
import type { NavLink } from './nav-links.js'

type MenuDialog = typeof MobileMenuDialog

// The menu itself (Radix Dialog with its focus trap, scroll lock and layers, ~40 kB) is fetched
// when a reader first reaches for the button (a pointer over it or down on it, focus, a press),
// not with every page: few readers open it (issue 40). A press opens it as soon as it is here.
let menuCode: Promise<MenuDialog> | null = null
function loadMenu(): Promise<MenuDialog> {
  return (menuCode ??= import('./mobile-menu-dialog.js').then(
    (m) => m.MobileMenuDialog,
    (error: unknown) => {
      menuCode = null // a failed fetch (offline, a new deploy) may be tried again
      throw error
    },
  ))
}

interface MobileMenuProps {
  links: readonly NavLink[]
  pathname: string
  /** The signed-in user, or null for a guest. */
  user: User | null
}

/**
 * The header button of narrow screens that opens the slide-out menu (SPEC §2,
 * web/components/layout/mobile-menu-dialog.tsx). It carries what a Radix Dialog.Trigger would
 * (aria-haspopup, aria-expanded), in the server's markup too.
 */
export function MobileMenu({ links, pathname, user }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  /**
   * Whether the menu has been opened: its dialog is mounted from then on (so that it can play
   * its closing animation). Mounted closed, at hydration, Radix's presence would set its state
   * in a layout effect: a synchronous render that also ran every effect of the hydration, one
   * blocking task of a post page's start (40 ms on a fast machine).
   */
  const [used, setUsed] = useState(false)
  /** The dialog's code, once fetched (wrapped: a component in state would be taken for an updater). */
  const [code, setCode] = useState<{ Dialog: MenuDialog } | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const fetchMenu = () => {
    if (code) return
    loadMenu().then(
      (Dialog) => setCode({ Dialog }),
      (error: unknown) => {
        console.error('Scholia: the menu failed to load', error)
        setOpen(false) // a later press tries again
      },
    )
  }

  // a navigation closes the menu (a link, or the browser's Back)
  const lastPath = useRef(pathname)
  useEffect(() => {
    if (lastPath.current !== pathname) setOpen(false)
    lastPath.current = pathname
  }, [pathname])

  const Dialog = used ? code?.Dialog : undefined
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button site-header__menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && Dialog ? 'mobile-menu' : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={fetchMenu}
        onPointerDown={fetchMenu}
        onFocus={fetchMenu}
        onClick={() => {
          // opens (a second, impatient press while the code loads does not close it again)
          setUsed(true)
          setOpen(true)
          fetchMenu()
        }}
      >
        <Menu size={22} aria-hidden="true" />
      </button>
      {Dialog && (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          links={links}
          pathname={pathname}
          user={user}
          buttonRef={buttonRef}
        />
      )}
    </>
  )
}
