import { describe, expect, it } from 'vitest'
import { FOOTER_DEFAULTS, footerToRecord } from '../../../src/shared/footer-defaults.js'
import { FooterUpdateSchema, SafeHrefSchema } from '../../../src/shared/schemas/index.js'
import {
  HREF_MESSAGE,
  checkFooterDraft,
  draftFromContent,
  fieldId,
  footerForDisplay,
  footerPayload,
  isDirty,
  isSafeHref,
  newSection,
  newSocialLink,
} from '../../../web/components/footer/footer-draft.js'

const keys = () => {
  let n = 0
  return () => `k${++n}`
}

describe('footerForDisplay', () => {
  it('shows the defaults while nothing has been read', () => {
    expect(footerForDisplay(undefined)).toEqual(FOOTER_DEFAULTS)
    expect(footerForDisplay(null)).toEqual(FOOTER_DEFAULTS)
  })

  it('parses the JSON text lists of a stored footer', () => {
    const record = {
      title: 'Our Essays',
      description: 'Notes on method.',
      copyright: '© 2026 A. Writer',
      socialLinks: JSON.stringify([{ name: 'Code', url: 'https://github.com/a', icon: 'github' }]),
      linkSections: JSON.stringify([{ title: 'More', links: [{ name: 'About', href: '/about' }] }]),
    }
    expect(footerForDisplay(record)).toEqual({
      title: 'Our Essays',
      description: 'Notes on method.',
      copyright: '© 2026 A. Writer',
      socialLinks: [{ name: 'Code', url: 'https://github.com/a', icon: 'github' }],
      linkSections: [{ title: 'More', links: [{ name: 'About', href: '/about' }] }],
    })
  })

  it('keeps a description or copyright the owner cleared, and empty lists empty', () => {
    const shown = footerForDisplay({
      ...footerToRecord(FOOTER_DEFAULTS),
      description: '',
      copyright: '',
      socialLinks: '[]',
      linkSections: '[]',
    })
    expect(shown.description).toBe('')
    expect(shown.copyright).toBe('')
    expect(shown.socialLinks).toEqual([])
    expect(shown.linkSections).toEqual([])
  })

  it('falls back to the default lists when the stored JSON is damaged', () => {
    const shown = footerForDisplay({ ...footerToRecord(FOOTER_DEFAULTS), socialLinks: '[{', linkSections: 'null' })
    expect(shown.socialLinks).toEqual(FOOTER_DEFAULTS.socialLinks)
    expect(shown.linkSections).toEqual(FOOTER_DEFAULTS.linkSections)
  })
})

describe('draft ⇄ payload', () => {
  it('round-trips the defaults into PATCH /api/footer’s shape, lists as JSON text, keys dropped', () => {
    const draft = draftFromContent(FOOTER_DEFAULTS, keys())
    expect(draft.socialLinks[0].key).toBe('k1')
    const payload = footerPayload(draft)
    expect(payload).toEqual(footerToRecord(FOOTER_DEFAULTS))
    expect(typeof payload.socialLinks).toBe('string')
    expect(JSON.parse(payload.linkSections)).toEqual(FOOTER_DEFAULTS.linkSections)
    expect(footerForDisplay(payload)).toEqual(FOOTER_DEFAULTS)
  })

  it('trims every text, and the server accepts what it sends', () => {
    const draft = draftFromContent(FOOTER_DEFAULTS, keys())
    draft.title = '  Our Essays  '
    draft.socialLinks[0] = { ...draft.socialLinks[0], name: ' X ', url: ' https://x.com/a ' }
    draft.linkSections[0].links[0] = { ...draft.linkSections[0].links[0], name: ' Home ', href: ' / ' }
    const payload = footerPayload(draft)
    expect(payload.title).toBe('Our Essays')
    expect(JSON.parse(payload.socialLinks)[0]).toEqual({ name: 'X', url: 'https://x.com/a', icon: 'twitter' })
    expect(JSON.parse(payload.linkSections)[0].links[0]).toEqual({ name: 'Home', href: '/' })
    expect(FooterUpdateSchema.safeParse(payload).success).toBe(true)
  })

  it('notices changes, not rows that only got new keys', () => {
    const original = draftFromContent(FOOTER_DEFAULTS, keys())
    expect(isDirty(draftFromContent(FOOTER_DEFAULTS, keys()), original)).toBe(false)
    expect(isDirty({ ...original, title: `${original.title} ` }, original)).toBe(false)
    expect(isDirty({ ...original, linkSections: [...original.linkSections, newSection(keys())] }, original)).toBe(true)
  })

  it('gives a new social link the first icon not used yet', () => {
    const k = keys()
    expect(newSocialLink([], k).icon).toBe('twitter')
    expect(newSocialLink([{ key: 'a', name: 'T', url: '#', icon: 'twitter' }], k).icon).toBe('github')
    const all = draftFromContent(FOOTER_DEFAULTS, k).socialLinks
    expect(newSocialLink(all, k)).toMatchObject({ name: '', url: '', icon: 'twitter' })
    expect(newSection(k).links).toHaveLength(1)
  })
})

describe('checkFooterDraft', () => {
  it('accepts the defaults', () => {
    expect(checkFooterDraft(draftFromContent(FOOTER_DEFAULTS, keys()))).toEqual({})
  })

  it('names each field the server would refuse', () => {
    const draft = draftFromContent(FOOTER_DEFAULTS, keys())
    draft.title = '  '
    draft.socialLinks[1] = { ...draft.socialLinks[1], name: '', url: 'javascript:alert(1)' }
    const section = { ...newSection(keys()), key: 's' }
    section.links = [{ key: 'l', name: 'Docs', href: '' }]
    draft.linkSections.push(section)
    const problems = checkFooterDraft(draft)
    const social = draft.socialLinks[1].key
    expect(problems).toEqual({
      title: 'Title is required',
      [`social.${social}.name`]: 'Name is required',
      [`social.${social}.url`]: HREF_MESSAGE,
      'section.s.title': 'Section title is required',
      'link.l.href': 'Address is required',
    })
    expect(Object.keys(problems)[0]).toBe('title')
    expect(fieldId('link.l.href')).toBe('footer-field-link-l-href')
  })

  it('uses the server’s rule for addresses', () => {
    for (const href of [
      '#',
      '#top',
      '/',
      '/about',
      'https://a.org',
      'http://a.org',
      'mailto:a@b.org',
      'HTTPS://A.ORG',
    ]) {
      expect(isSafeHref(href), href).toBe(true)
      expect(SafeHrefSchema.safeParse(href).success, href).toBe(true)
    }
    for (const href of ['', 'javascript:alert(1)', '//evil.example', 'ftp://a', 'about', 'data:text/html,x']) {
      expect(isSafeHref(href), href).toBe(false)
      expect(SafeHrefSchema.safeParse(href).success, href).toBe(false)
    }
  })
})
