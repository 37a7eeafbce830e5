import { useMemo } from 'react'
import { Link } from 'wouter'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import { useFooter } from '../../api/site.js'
import { EditFooterButton } from '../footer/edit-footer-button.js'
import { footerForDisplay } from '../footer/footer-display.js'
import { BrandMark } from '../ui/brand-mark.js'
import { SocialIcon } from '../ui/social-icons.js'
import { NewsletterForm } from './newsletter-form.js'

/**
 * The footer's content from GET /api/footer (prefetched on the server for every page), or
 * SPEC §3's defaults while it is not there or could not be read.
 */
export function useFooterContent(): FooterContent {
  const { data } = useFooter()
  return useMemo(() => footerForDisplay(data), [data])
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
          {footer.description && <p className="site-footer__description">{footer.description}</p>}
          {footer.socialLinks.length > 0 && (
            <ul className="site-footer__social" aria-label="Social links">
              {footer.socialLinks.map((link, i) => (
                <li key={`${i}-${link.name}`}>
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
          )}
        </div>

        {footer.linkSections.length > 0 && (
          <div className="site-footer__sections">
            {footer.linkSections.map((section, i) => (
              <nav key={`${i}-${section.title}`} className="site-footer__section" aria-label={section.title}>
                <h2 className="site-footer__heading">{section.title}</h2>
                <ul>
                  {section.links.map((link, j) => (
                    <li key={`${j}-${link.name}`}>
                      <FooterLink href={link.href}>{link.name}</FooterLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        )}

        <div className="site-footer__newsletter">
          <NewsletterForm />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <div className="site-footer__bottom-inner">
          {footer.copyright && <p className="site-footer__copyright">{footer.copyright}</p>}
          <EditFooterButton footer={footer} />
        </div>
      </div>
    </footer>
  )
}
