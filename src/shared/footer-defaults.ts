import type { Footer } from './schemas/index.js'
import { readJsonText } from './json-text.js'

/** Icons a footer social link may use (SPEC §3, §9). */
export type SocialIcon = 'twitter' | 'github' | 'linkedin'

export interface FooterSocialLink {
  name: string
  url: string
  icon: SocialIcon
}

export interface FooterLinkSection {
  title: string
  links: { name: string; href: string }[]
}

/** The footer as the site shows it: social links and sections parsed from their JSON text. */
export interface FooterContent {
  title: string
  description: string
  copyright: string
  socialLinks: FooterSocialLink[]
  linkSections: FooterLinkSection[]
}

/** SPEC §3: what the footer shows while none is stored. All hrefs are '#'. */
export const FOOTER_DEFAULTS: FooterContent = {
  title: 'Scholia',
  description:
    'Transform your markdown files into beautiful, SEO-optimized blog posts. Write long-form essays with math, code and references, and publish them as fast, readable pages.',
  copyright: '© 2025 Scholia. All rights reserved.',
  socialLinks: [
    { name: 'Twitter', url: '#', icon: 'twitter' },
    { name: 'GitHub', url: '#', icon: 'github' },
    { name: 'LinkedIn', url: '#', icon: 'linkedin' },
  ],
  linkSections: [
    {
      title: 'Features',
      links: [
        { name: 'Markdown Processing', href: '#' },
        { name: 'SEO Optimization', href: '#' },
        { name: 'Clean URLs', href: '#' },
        { name: 'Responsive Design', href: '#' },
      ],
    },
    {
      title: 'Support',
      links: [
        { name: 'Documentation', href: '#' },
        { name: 'Help Center', href: '#' },
        { name: 'Contact Us', href: '#' },
        { name: 'Privacy Policy', href: '#' },
      ],
    },
  ],
}

/** The footer in the API's shape (GET /api/footer), where lists travel as JSON text. */
export function footerToRecord(content: FooterContent): Footer {
  return {
    title: content.title,
    description: content.description,
    copyright: content.copyright,
    socialLinks: JSON.stringify(content.socialLinks),
    linkSections: JSON.stringify(content.linkSections),
  }
}

const ICONS: readonly string[] = ['twitter', 'github', 'linkedin']

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function parseList<T>(text: string, pick: (item: Record<string, unknown>) => T | null): T[] | null {
  const value = readJsonText(text)
  if (!Array.isArray(value)) return null
  return value
    .filter(isRecord)
    .map(pick)
    .filter((x): x is T => x !== null)
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/**
 * Reads the API's footer record for display. Lists whose JSON text cannot be parsed fall back
 * to the defaults, so a damaged record never empties the footer. No zod here: this also runs
 * in the browser bundle.
 */
export function footerFromRecord(record: Partial<Footer> | null | undefined): FooterContent {
  if (!record) return FOOTER_DEFAULTS
  const socialLinks =
    parseList<FooterSocialLink>(str(record.socialLinks), (item) =>
      ICONS.includes(str(item.icon))
        ? { name: str(item.name), url: str(item.url), icon: item.icon as SocialIcon }
        : null,
    ) ?? FOOTER_DEFAULTS.socialLinks
  const linkSections =
    parseList<FooterLinkSection>(str(record.linkSections), (item) => ({
      title: str(item.title),
      links: Array.isArray(item.links)
        ? item.links.filter(isRecord).map((l) => ({ name: str(l.name), href: str(l.href) || '#' }))
        : [],
    })) ?? FOOTER_DEFAULTS.linkSections
  return {
    title: str(record.title) || FOOTER_DEFAULTS.title,
    description: str(record.description) || FOOTER_DEFAULTS.description,
    copyright: str(record.copyright) || FOOTER_DEFAULTS.copyright,
    socialLinks,
    linkSections,
  }
}
