import { Link, useLocation } from 'wouter'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import { useSite } from '../../site-context.js'
import { HeaderAccount } from '../auth/header-account.js'
import { BrandMark } from '../ui/brand-mark.js'
import { MobileMenu } from './mobile-menu.js'
import { NAV_LINKS, isCurrentLink } from './nav-links.js'
import { ThemeSwitch } from './theme-switch.js'

export function SiteHeader() {
  const site = useSite()
  const [pathname] = useLocation()
  const { user, isLoading } = useCurrentUser()
  const links = NAV_LINKS.filter((l) => !l.adminOnly || isAdmin(user))

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link href="/" className="brand" aria-label={`${site.name}, home`}>
          <BrandMark />
          <span className="brand__name">{site.name}</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {links.map((link) => {
              const current = isCurrentLink(link.href, pathname)
              return (
                <li key={link.href}>
                  <Link href={link.href} className="site-nav__link" aria-current={current ? 'page' : undefined}>
                    {link.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>

        <ThemeSwitch />

        <div className="header-account">
          <HeaderAccount user={user} isLoading={isLoading} />
        </div>

        <MobileMenu links={links} pathname={pathname} user={user} />
      </div>
    </header>
  )
}
