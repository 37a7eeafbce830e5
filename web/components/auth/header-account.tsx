import { ChevronDown, LogIn, UserRound } from 'lucide-react'
import { Suspense, lazy } from 'react'
import type { User } from '../../../src/shared/schemas/index.js'
import { useHydrated } from '../../hooks/use-hydrated.js'
import { useLoginUi } from '../layout/login-context.js'

// The menu (Radix DropdownMenu with its positioning) loads only for signed-in users.
const UserMenu = lazy(() => import('./user-menu.js').then((m) => ({ default: m.UserMenu })))

/** The menu's trigger as it looks, inert: in the server's markup and while the menu loads. */
function UserMenuPlaceholder({ user }: { user: User }) {
  return (
    <span className="user-menu__trigger" aria-hidden="true">
      <span className="user-menu__avatar">
        <UserRound size={16} />
      </span>
      <span className="user-menu__name">{user.username}</span>
      <ChevronDown size={16} className="user-menu__chevron" />
    </span>
  )
}

/**
 * The header's account corner on wide screens: the user menu when signed in, else a quiet
 * 'Sign in'. Until the scripts run and the current user is known, the button keeps its place
 * invisibly: the header does not shift, and no dead button shows without JavaScript.
 */
export function HeaderAccount({ user, isLoading }: { user: User | null; isLoading: boolean }) {
  const { openLogin } = useLoginUi()
  const hydrated = useHydrated()
  if (user) {
    if (!hydrated) return <UserMenuPlaceholder user={user} />
    return (
      <Suspense fallback={<UserMenuPlaceholder user={user} />}>
        <UserMenu user={user} />
      </Suspense>
    )
  }
  const pending = isLoading || !hydrated
  return (
    <button
      type="button"
      className="button button--quiet button--small header-account__sign-in"
      onClick={openLogin}
      data-pending={pending || undefined}
      aria-hidden={pending || undefined}
      tabIndex={pending ? -1 : undefined}
    >
      <LogIn size={15} aria-hidden="true" />
      Sign in
    </button>
  )
}
