import type { FooterContent, SocialIcon } from '../../../src/shared/footer-defaults.js'
import type { Footer } from '../../../src/shared/schemas/index.js'

/**
 * The footer editor's model (SPEC §2 footer editor, §7 PATCH /api/footer): the footer as
 * editable rows with stable keys, checked in the browser with the server's own rules and
 * turned back into the API's shape, where the lists travel as JSON text. Pure functions.
 */

/** SPEC §9: the social icon choices. */
export const SOCIAL_ICONS: readonly { value: SocialIcon; label: string }[] = [
  { value: 'twitter', label: 'Twitter' },
  { value: 'github', label: 'GitHub' },
  { value: 'linkedin', label: 'LinkedIn' },
]

/** The server's limits (src/shared/schemas/site.ts), so the editor never offers what would be refused. */
export const FOOTER_LIMITS = {
  title: 200,
  description: 2_000,
  copyright: 500,
  name: 100,
  href: 2_000,
  socialLinks: 20,
  sections: 10,
  linksPerSection: 50,
} as const

export interface DraftSocialLink {
  key: string
  name: string
  url: string
  icon: SocialIcon
}

export interface DraftLink {
  key: string
  name: string
  href: string
}

export interface DraftSection {
  key: string
  title: string
  links: DraftLink[]
}

export interface FooterDraft {
  title: string
  description: string
  copyright: string
  socialLinks: DraftSocialLink[]
  linkSections: DraftSection[]
}

let counter = 0
/** A key for a new row, unique in this page. */
export const newKey = (): string => `row-${++counter}`

// the footer as shown lives apart (footer-display.ts): every page needs it, the editor's drafts only the owner
export { footerForDisplay } from './footer-display.js'

/** The editor's starting point: the footer as shown, with a key on every row. */
export function draftFromContent(content: FooterContent, key: () => string = newKey): FooterDraft {
  return {
    title: content.title,
    description: content.description,
    copyright: content.copyright,
    socialLinks: content.socialLinks.map((l) => ({ key: key(), name: l.name, url: l.url, icon: l.icon })),
    linkSections: content.linkSections.map((s) => ({
      key: key(),
      title: s.title,
      links: s.links.map((l) => ({ key: key(), name: l.name, href: l.href })),
    })),
  }
}

/** A new social link, with the first icon not used yet. */
export function newSocialLink(existing: readonly DraftSocialLink[], key: () => string = newKey): DraftSocialLink {
  const used = new Set(existing.map((l) => l.icon))
  const icon = SOCIAL_ICONS.find((i) => !used.has(i.value))?.value ?? 'twitter'
  return { key: key(), name: '', url: '', icon }
}

export const newLink = (key: () => string = newKey): DraftLink => ({ key: key(), name: '', href: '' })

export const newSection = (key: () => string = newKey): DraftSection => ({
  key: key(),
  title: '',
  links: [newLink(key)],
})

/** PATCH /api/footer's body: texts trimmed, lists as JSON text without the editor's keys. */
export function footerPayload(draft: FooterDraft): Footer {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    copyright: draft.copyright.trim(),
    socialLinks: JSON.stringify(
      draft.socialLinks.map((l) => ({ name: l.name.trim(), url: l.url.trim(), icon: l.icon })),
    ),
    linkSections: JSON.stringify(
      draft.linkSections.map((s) => ({
        title: s.title.trim(),
        links: s.links.map((l) => ({ name: l.name.trim(), href: l.href.trim() })),
      })),
    ),
  }
}

/** True when the draft would save something other than `original`. */
export function isDirty(draft: FooterDraft, original: FooterDraft): boolean {
  return JSON.stringify(footerPayload(draft)) !== JSON.stringify(footerPayload(original))
}

/** The server's rule for footer links: web addresses, mail, site paths and '#' only, never `javascript:`. */
export function isSafeHref(value: string): boolean {
  const v = value.trim()
  return v === '#' || /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(v)
}

export const HREF_MESSAGE = 'Links must start with https://, http://, mailto:, / or #'

/** Where a problem is: a field of the draft, named so the editor can find its input. */
export type FieldPath =
  | 'title'
  | `social.${string}.name`
  | `social.${string}.url`
  | `section.${string}.title`
  | `link.${string}.name`
  | `link.${string}.href`

export type FooterProblems = Partial<Record<FieldPath, string>>

/**
 * What the server would refuse, by field, in the editor's order: the title is required; every
 * name and section title is required; every link is a safe address.
 */
export function checkFooterDraft(draft: FooterDraft): FooterProblems {
  const problems: FooterProblems = {}
  if (!draft.title.trim()) problems.title = 'Title is required'
  for (const l of draft.socialLinks) {
    if (!l.name.trim()) problems[`social.${l.key}.name`] = 'Name is required'
    if (!isSafeHref(l.url)) problems[`social.${l.key}.url`] = l.url.trim() ? HREF_MESSAGE : 'Address is required'
  }
  for (const s of draft.linkSections) {
    if (!s.title.trim()) problems[`section.${s.key}.title`] = 'Section title is required'
    for (const l of s.links) {
      if (!l.name.trim()) problems[`link.${l.key}.name`] = 'Name is required'
      if (!isSafeHref(l.href)) problems[`link.${l.key}.href`] = l.href.trim() ? HREF_MESSAGE : 'Address is required'
    }
  }
  return problems
}

/** The id of the input that edits `path`, so a problem can be focused and described. */
export const fieldId = (path: FieldPath): string => `footer-field-${path.replace(/\./g, '-')}`
