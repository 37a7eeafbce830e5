import { describe, expect, it } from 'vitest'
import type { User } from '../../../src/shared/schemas/index.js'
import { render } from '../../../web/entry-server.js'
import type { PrefetchedQuery } from '../../../web/ssr-contract.js'
import { startsWithTitle } from '../../../web/pages/about-page.js'
import { site } from './fixtures.js'

const admin: User = {
  id: 1,
  username: 'ada',
  email: 'ada@example.org',
  role: 'admin',
  createdAt: '2025-02-03T10:00:00.000Z',
}

const FOOTER = {
  title: 'Our Essays',
  description: 'Notes on method & proof.',
  copyright: '© 2026 A. Writer',
  socialLinks: JSON.stringify([{ name: 'Code', url: 'https://github.com/a', icon: 'github' }]),
  linkSections: JSON.stringify([
    {
      title: 'Read',
      links: [
        { name: 'Archive', href: '/search' },
        { name: 'Mail me', href: 'mailto:a@b.org' },
      ],
    },
    { title: 'Elsewhere', links: [{ name: 'Home page', href: 'https://a.example' }] },
    { title: 'Colophon', links: [{ name: 'About', href: '/about' }] },
  ]),
}

const renderUrl = (url: string, queries: PrefetchedQuery[] = []) => render({ url, site, queries }).html

function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('footer from GET /api/footer', () => {
  it('renders the stored footer instead of the defaults', () => {
    const html = renderUrl('/', [
      { queryKey: ['/api/footer'], data: FOOTER },
      { queryKey: ['/api/posts'], data: [] },
    ])
    const t = text(html)
    for (const shown of [
      'Our Essays',
      'Notes on method & proof.',
      '© 2026 A. Writer',
      'Read',
      'Archive',
      'Elsewhere',
      'Colophon',
    ])
      expect(t).toContain(shown)
    expect(t).not.toContain('Markdown Processing')
    expect(t).not.toContain('All rights reserved')
    expect(html).toMatch(/<a[^>]*href="https:\/\/github.com\/a"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/)
    expect(html).toContain('href="mailto:a@b.org"')
    expect(html).toContain('aria-label="Code (opens in a new tab)"')
  })

  it('leaves out what the owner emptied', () => {
    const html = renderUrl('/about', [
      { queryKey: ['/api/footer'], data: { ...FOOTER, description: '', socialLinks: '[]', linkSections: '[]' } },
    ])
    expect(html).not.toContain('site-footer__description')
    expect(html).not.toContain('aria-label="Social links"')
    expect(html).not.toContain('site-footer__sections')
    expect(text(html)).toContain('Stay Updated')
  })

  it('never puts Edit Footer in the server markup, even for an admin (it needs the scripts)', () => {
    expect(renderUrl('/about', [{ queryKey: ['/api/auth/me'], data: admin }])).not.toContain('Edit Footer')
    expect(renderUrl('/about', [{ queryKey: ['/api/auth/me'], data: null }])).not.toContain('Edit Footer')
  })
})

describe('About page from GET /api/about', () => {
  it('shows the placeholder text when none is stored', () => {
    const t = text(renderUrl('/about', [{ queryKey: ['/api/about'], data: { content: '', html: '' } }]))
    expect(t).toContain('About Scholia')
    expect(t).toContain('What you will find here')
  })

  it('shows the server’s HTML as the page, under the page title', () => {
    const html = renderUrl('/about', [
      {
        queryKey: ['/api/about'],
        data: { content: '## Who\n\nHello', html: '<h2 id="who">Who</h2><p>Hello <span class="katex">x</span></p>' },
      },
    ])
    expect(html).toMatch(/<h1[^>]*>About Scholia<\/h1>/)
    expect(html).toContain(
      '<div class="prose about__body about__content"><h2 id="who">Who</h2><p>Hello <span class="katex">x</span></p></div>',
    )
    expect(text(html)).not.toContain('What you will find here')
    expect(html).not.toContain('Edit Page')
  })

  it('lets the owner’s own first heading title the page (one h1)', () => {
    const html = renderUrl('/about', [
      { queryKey: ['/api/about'], data: { content: '# Who we are', html: '<h1 id="who-we-are">Who we are</h1>' } },
    ])
    expect(html.match(/<h1/g)).toHaveLength(1)
    expect(startsWithTitle('\n<h1 id="x">X</h1>')).toBe(true)
    expect(startsWithTitle('<h2>X</h2><h1>Y</h1>')).toBe(false)
    expect(startsWithTitle('<header>')).toBe(false)
  })

  it('shows a loading state, not the placeholder, while the text is on its way', () => {
    const html = renderUrl('/about')
    expect(html).toContain('aria-busy="true"')
    expect(text(html)).not.toContain('What you will find here')
  })
})
