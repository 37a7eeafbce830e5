import { describe, expect, it } from 'vitest'
import type { User } from '../../../src/shared/schemas/index.js'
import { render } from '../../../web/entry-server.js'
import { site } from './fixtures.js'

const ME = ['/api/auth/me']
const admin: User = {
  id: 1,
  username: 'ada',
  email: 'ada@example.org',
  role: 'admin',
  createdAt: '2025-02-03T10:00:00.000Z',
}

/** Renders `url` with the current-user query seeded: a user, null (a guest), or nothing (unknown yet). */
function renderAs(url: string, user?: User | null) {
  return render({ url, site, queries: user === undefined ? [] : [{ queryKey: ME, data: user }] }).html
}

/** Visible text, roughly: tags dropped, entities decoded, whitespace squeezed. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('header and menus by viewer', () => {
  it('keeps the sign-in button hidden in the server markup (it needs the scripts)', () => {
    const html = renderAs('/about', null)
    expect(html).toMatch(/<button[^>]*class="[^"]*header-account__sign-in"[^>]*data-pending="true"/)
    // The phone menu is a dialog (issue 23.19) whose 'Admin Login' renders when it opens; a tap
    // before the scripts run is replayed once they do (tests/e2e/auth.test.ts, both).
    expect(html).toMatch(/aria-label="Open menu"[^>]*aria-haspopup="dialog"/)
    expect(html).not.toContain('id="mobile-menu"')
    // toasts are never part of the server's markup
    expect(html).not.toContain('toast')
  })

  it('shows a guest no admin links', () => {
    const html = renderAs('/about', null)
    expect(html).not.toContain('href="/upload"')
    expect(html).not.toContain('user-menu__trigger')
  })

  it('shows an admin the admin links, the user menu, and username, role and Logout in the mobile menu', () => {
    const html = renderAs('/about', admin)
    for (const href of ['/upload', '/manage', '/profile']) expect(html).toContain(`href="${href}"`)
    // the menu itself loads in the browser; its look-alike holds the place
    expect(html).toMatch(/class="user-menu__trigger" aria-hidden="true">.*ada/)
    expect(html).not.toContain('Admin Login')
    // Username, role and Logout are in the phone menu once it opens (a dialog since issue 23.19):
    // tests/e2e/auth.test.ts "works on a 360 px phone" opens it and reads them.
    expect(html).toMatch(/aria-label="Open menu"[^>]*aria-haspopup="dialog"/)
  })
})

describe('admin-only pages', () => {
  it('checks access before showing anything while the user is unknown', () => {
    expect(renderAs('/profile')).toContain('Checking access…')
  })

  it('shows a guest Access Denied with the SPEC text and Admin Login', () => {
    for (const path of ['/upload', '/manage', '/profile']) {
      const t = text(renderAs(path, null))
      expect(t, path).toContain(
        'Access Denied You need admin privileges to access this page. Please log in as an administrator.',
      )
      expect(t, path).toContain('Admin Login')
    }
  })

  it('shows an admin the profile: read-only username and role, e-mail and password forms', () => {
    const html = renderAs('/profile', admin)
    const t = text(html)
    expect(t).toContain('Username ada')
    expect(t).toContain('Role admin')
    expect(html).toMatch(/<input[^>]*type="email"[^>]*value="ada@example.org"/)
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(t).toContain(label)
    expect(html).not.toContain('Access Denied')
    // every input has a label bound to it
    const ids = [...html.matchAll(/<input[^>]*id="([^"]+)"/g)].map((m) => m[1])
    for (const id of ids) expect(html, id).toContain(`for="${id}"`)
  })
})

describe('/admin-secret', () => {
  it('is a page for everyone, not a post slug', () => {
    const t = text(renderAs('/admin-secret', null))
    expect(t).toContain('Authentication Status')
    expect(t).not.toContain('Page Not Found')
  })

  it('tells a guest they are not authenticated, with read-only access', () => {
    const html = renderAs('/admin-secret', null)
    const t = text(html)
    expect(t).toContain('Status Not authenticated')
    expect(t).toContain('Access level Read-only guest access')
    expect(t).toContain('Guest You')
    expect(t).toContain('Create admin')
    expect(html).toMatch(/href="\/upload"/)
    expect(html).toMatch(/href="\/manage"/)
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(<svg.*?<\/svg>)?Logout<\/button>/)
  })

  it('tells an admin who they are and what they may do', () => {
    const t = text(renderAs('/admin-secret', admin))
    expect(t).toContain('Status Authenticated')
    expect(t).toContain('Username ada')
    expect(t).toContain('Access level Full admin access')
    expect(t).toContain('Admin You')
    expect(t).toContain('Upload markdown essays')
    expect(t).toContain('Sign in as someone else')
  })
})
