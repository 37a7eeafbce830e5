import { LogIn, LogOut, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
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
  open: boolean
  /** Closes the menu (state only). */
  onClose: () => void
  /** Where focus returns when the reader dismisses the menu. */
  triggerRef: RefObject<HTMLButtonElement | null>
  links: readonly NavLink[]
  pathname: string
  /** The signed-in user, or null for a guest. */
  user: User | null
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The slide-out menu for narrow screens (SPEC §2): the header's links, and 'Admin Login' for
 * signed-out visitors or the username, role and Logout for a signed-in user. Always in the markup so it can slide; `inert` while closed keeps it out
 * of the tab order and the accessibility tree.
 */
export function MobileMenu({ open, onClose, triggerRef, links, pathname, user }: MobileMenuProps) {
  const site = useSite()
  const { openLogin } = useLoginUi()
  const { logout, isPending } = useLogoutAction()
  const panel = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])

  // a navigation closes the menu
  const lastPath = useRef(pathname)
  useEffect(() => {
    if (open && lastPath.current !== pathname) onClose()
    lastPath.current = pathname
  }, [pathname, open, onClose])

  function dismiss() {
    onClose()
    triggerRef.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      dismiss()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    // keep focus inside the open menu
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <div className="mobile-menu" data-open={open} inert={!open} onKeyDown={onKeyDown}>
      <div className="mobile-menu__backdrop" onClick={dismiss} aria-hidden="true" />
      <div
        ref={panel}
        id="mobile-menu"
        className="mobile-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
      >
        <div className="mobile-menu__top">
          <span className="brand">
            <BrandMark size={26} />
            <span className="brand__name">{site.name}</span>
          </span>
          <button ref={closeButton} type="button" className="icon-button" aria-label="Close menu" onClick={dismiss}>
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="mobile-menu__list">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="mobile-menu__link"
                  aria-current={isCurrentLink(link.href, pathname) ? 'page' : undefined}
                  onClick={onClose}
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
              <button type="button" className="button button--secondary button--block" disabled={isPending} onClick={() => logout(dismiss)}>
                <LogOut size={18} aria-hidden="true" />
                {isPending ? 'Logging out…' : 'Logout'}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => {
                onClose()
                openLogin()
              }}
            >
              <LogIn size={18} aria-hidden="true" />
              Admin Login
            </button>
          )}
        </div>
      </div>
    </div>
  )
}
