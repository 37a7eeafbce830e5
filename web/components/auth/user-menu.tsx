import { ChevronDown, LogOut, UserRound } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { User } from '../../../src/shared/schemas/index.js'
import { RoleBadge } from './role-badge.js'
import { useLogoutAction } from './use-logout-action.js'

/** SPEC §2: a signed-in user's menu in the header: username, role badge and Logout. */
export function UserMenu({ user }: { user: User }) {
  const { logout, isPending } = useLogoutAction()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="user-menu__trigger" aria-label={`Account: ${user.username}`}>
        <span className="user-menu__avatar" aria-hidden="true">
          <UserRound size={16} />
        </span>
        <span className="user-menu__name">{user.username}</span>
        <ChevronDown size={16} aria-hidden="true" className="user-menu__chevron" />
      </DropdownMenu.Trigger>
      {/* In the header, not portalled to the end of <body>: open, the menu stays inside the
          banner landmark, where axe's "region" rule and a screen reader's landmarks find it. It
          is positioned fixed, so it takes no room in the header. */}
      <DropdownMenu.Content className="menu" align="end" sideOffset={8} collisionPadding={12}>
        <DropdownMenu.Label className="menu__label">
          <span className="menu__caption">Signed in as</span>
          <span className="menu__user">
            <span className="menu__username">{user.username}</span>
            <RoleBadge role={user.role} />
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="menu__separator" />
        <DropdownMenu.Item
          className="menu__item"
          disabled={isPending}
          // keep the menu open until the answer, so a failure is seen where it was asked for
          onSelect={(event) => {
            event.preventDefault()
            logout()
          }}
        >
          <LogOut size={16} aria-hidden="true" />
          {isPending ? 'Logging out…' : 'Logout'}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
