import { LogIn, LogOut, Menu, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { User } from '../../../src/shared/schemas/index.js'
import { useSite } from '../../site-context.js'
import { RoleBadge } from '../auth/role-badge.js'
import { useLogoutAction } from '../auth/use-logout-action.js'
import { BrandMark } from '../ui/brand-mark.js'
import { useLoginUi } from './login-context.js'
import type { NavLink } from './nav-links.js'
import { isCurrentLink } from './nav-links.js'

interface MobileMenuProps {
  links: readonly NavLink[]
  pathname: string
  /** The signed-in user, or null for a guest. */
  user: User | null
}

/**
 * The slide-out menu for narrow screens (SPEC §2) and the header button that opens it: the
 * header's links, and 'Admin Login' for signed-out visitors or the username, role and Logout
 * for a signed-in user. A Radix dialog like the site's others: it traps focus, closes on
 * Escape or a tap outside, locks the page's scroll and gives focus back to the button.
 */
export function MobileMenu({ links, pathname, user }: MobileMenuProps) {
  const site = useSite()
  const { openLogin } = useLoginUi()
  const { logout, isPending } = useLogoutAction()
  const [open, setOpen] = useState(false)
  /**
   * Whether the menu has been opened: its dialog is mounted from then on (so that it can play
   * its closing animation). Mounted closed, at hydration, Radix's presence would set its state
   * in a layout effect: a synchronous render that also ran every effect of the hydration, one
   * blocking task of a post page's start (40 ms on a fast machine).
   */
  const [used, setUsed] = useState(false)
  const change = (next: boolean) => {
    if (next) setUsed(true)
    setOpen(next)
  }
  /** The menu closes to open the login dialog, which takes focus: the menu must not take it back. */
  const handingOver = useRef(false)

  // a navigation closes the menu (a link, or the browser's Back)
  const lastPath = useRef(pathname)
  useEffect(() => {
    if (lastPath.current !== pathname) setOpen(false)
    lastPath.current = pathname
  }, [pathname])

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>
        <button type="button" className="icon-button site-header__menu-button" aria-label="Open menu">
          <Menu size={22} aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      {used && (
        <Dialog.Portal>
          <Dialog.Overlay className="mobile-menu__backdrop" />
          <Dialog.Content
            id="mobile-menu"
            className="mobile-menu__panel"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              if (handingOver.current) event.preventDefault()
              handingOver.current = false
            }}
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <div className="mobile-menu__top">
              <span className="brand">
                <BrandMark size={26} />
                <span className="brand__name">{site.name}</span>
              </span>
              <Dialog.Close className="icon-button" aria-label="Close menu">
                <X size={22} aria-hidden="true" />
              </Dialog.Close>
            </div>
            <nav aria-label="Mobile">
              <ul className="mobile-menu__list">
                {links.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      className="mobile-menu__link"
                      aria-current={isCurrentLink(link.href, pathname) ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mobile-menu__footer">
              {user ? (
                <>
                  <p className="mobile-menu__user">
                    <span className="sr-only">Signed in as </span>
                    <span className="mobile-menu__username">{user.username}</span>
                    <RoleBadge role={user.role} />
                  </p>
                  <button
                    type="button"
                    className="button button--secondary button--block"
                    disabled={isPending}
                    onClick={() => logout(() => setOpen(false))}
                  >
                    <LogOut size={18} aria-hidden="true" />
                    {isPending ? 'Logging out…' : 'Logout'}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => {
                    handingOver.current = true
                    setOpen(false)
                    openLogin()
                  }}
                >
                  <LogIn size={18} aria-hidden="true" />
                  Admin Login
                </button>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  )
}
