import { LogIn, LogOut, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useRef } from 'react'
import type { RefObject } from 'react'
import { Link } from 'wouter'
import type { User } from '../../../src/shared/schemas/index.js'
import { useSite } from '../../site-context.js'
import { RoleBadge } from '../auth/role-badge.js'
import { useLogoutAction } from '../auth/use-logout-action.js'
import { BrandMark } from '../ui/brand-mark.js'
import { useLoginUi } from './login-context.js'
import type { NavLink } from './nav-links.js'
import { isCurrentLink } from './nav-links.js'

interface MobileMenuDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  links: readonly NavLink[]
  pathname: string
  /** The signed-in user, or null for a guest. */
  user: User | null
  /** The header's button that opens the menu (no Radix Trigger): focus goes back to it on close. */
  buttonRef: RefObject<HTMLButtonElement | null>
}

/**
 * The slide-out menu of narrow screens (SPEC §2), fetched when a reader first reaches for its
 * button (web/components/layout/mobile-menu.tsx): the header's links, and 'Admin Login' for
 * signed-out visitors or the username, role and Logout for a signed-in user. A Radix dialog like
 * the site's others: it traps focus, closes on Escape or a tap outside, locks the page's scroll
 * and gives focus back to the button.
 */
export function MobileMenuDialog({ open, onOpenChange, links, pathname, user, buttonRef }: MobileMenuDialogProps) {
  const site = useSite()
  const { openLogin } = useLoginUi()
  const { logout, isPending } = useLogoutAction()
  /** The menu closes to open the login dialog, which takes focus: the menu must not take it back. */
  const handingOver = useRef(false)

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-menu__backdrop" />
        <Dialog.Content
          id="mobile-menu"
          className="mobile-menu__panel"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Radix gives focus back to its own Trigger only; the button is the app's
            event.preventDefault()
            if (!handingOver.current) buttonRef.current?.focus()
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
                    onClick={() => onOpenChange(false)}
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
                  onClick={() => logout(() => onOpenChange(false))}
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
                  onOpenChange(false)
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
    </Dialog.Root>
  )
}
