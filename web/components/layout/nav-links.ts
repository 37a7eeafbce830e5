export interface NavLink {
  href: string
  label: string
  /** Shown to signed-in admins only (SPEC §2). */
  adminOnly?: boolean
}

/** SPEC §2 header links, in order. */
export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/search', label: 'Search' },
  { href: '/about', label: 'About' },
  { href: '/upload', label: 'Upload', adminOnly: true },
  { href: '/manage', label: 'Manage', adminOnly: true },
  { href: '/profile', label: 'Profile', adminOnly: true },
]

/** Whether a nav link is the current page: Home only on '/', the others on their own subtree. */
export function isCurrentLink(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/'
  return pathname === href || pathname.startsWith(`${href}/`)
}
