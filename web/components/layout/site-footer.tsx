import { Link } from 'wouter'
import { FOOTER_DEFAULTS } from '../../../src/shared/footer-defaults.js'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import { BrandMark } from '../ui/brand-mark.js'
import { SocialIcon } from '../ui/social-icons.js'
import { NewsletterForm } from './newsletter-form.js'

/**
 * The footer's content. Stored footers (GET /api/footer) and the editor arrive with the admin
 * issue; this is the one place to read them from then.
 */
export function useFooterContent(): FooterContent {
  return FOOTER_DEFAULTS
}

function FooterLink({ href, children }: { href: string; children: string }) {
  // in-site paths navigate without a reload; '#', anchors and other sites stay plain links
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={href} className="site-footer__link">
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className="site-footer__link">
      {children}
    </a>
  )
}

export function SiteFooter() {
  const footer = useFooterContent()
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__title">
            <BrandMark size={26} />
            <span>{footer.title}</span>
          </p>
          <p className="site-footer__description">{footer.description}</p>
          <ul className="site-footer__social" aria-label="Social links">
            {footer.socialLinks.map((link) => (
              <li key={`${link.icon}-${link.name}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-button icon-button--outline"
                  aria-label={`${link.name} (opens in a new tab)`}
                  title={link.name}
                >
                  <SocialIcon icon={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        {footer.linkSections.map((section) => (
          <nav key={section.title} className="site-footer__section" aria-label={section.title}>
            <h2 className="site-footer__heading">{section.title}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={`${link.name}-${link.href}`}>
                  <FooterLink href={link.href}>{link.name}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div className="site-footer__newsletter">
          <NewsletterForm />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{footer.copyright}</p>
      </div>
    </footer>
  )
}
