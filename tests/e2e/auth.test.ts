import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { outboxFiles, waitForResetLink } from '../helpers/outbox.js'
import { projectRoot } from '../helpers/temp-dir.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const DENIED = 'You need admin privileges to access this page. Please log in as an administrator.'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
/** ada's password as the flows below change it. */
let password = 'first-pass'

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  await ctx.blog.auth.createAdmin({ username: 'ada', password, email: 'ada@example.org' }, OWNER)
  browser = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

/** A fresh tab as a signed-out visitor; page errors and unexpected console errors are collected. */
async function guestPage(errors: string[] = []): Promise<Page> {
  await browser.context.clearCookies()
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // 401 (guest, wrong password), 400 and 409 answers are part of the flows; Chromium logs them.
  page.on('console', (m) => m.type() === 'error' && !/status of (400|401|409)/.test(m.text()) && errors.push(m.text()))
  return page
}

/** The toast on screen with this title, and its text once visible. */
async function toast(page: Page, title: string): Promise<string> {
  const el = page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) })
  await el.waitFor({ timeout: 10_000 })
  return (await el.textContent()) ?? ''
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Account Access' })

async function signInWithDialog(page: Page, username: string, pass: string) {
  const d = dialog(page)
  await d.getByLabel('Username').fill(username)
  await d.getByLabel('Password', { exact: true }).fill(pass)
  await d.getByRole('button', { name: 'Sign in' }).click()
}

async function signIn(page: Page) {
  await page.goto(`${ctx.server.url}/about`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await signInWithDialog(page, 'ada', password)
  await toast(page, 'Login successful')
  await dialog(page).waitFor({ state: 'detached' })
}

/** Holds back the app's chunk, as on a slow phone, until released: the page stays the server's markup. */
async function holdBackApp(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked!: () => void
  const wasAsked = new Promise<void>((resolve) => (asked = resolve))
  await page.route(/\/assets\/boot-client-[\w-]+\.js$/, async (route) => {
    asked()
    await released
    await route.continue()
  })
  return { asked: wasAsked, release }
}

describe('accounts in the browser', () => {
  it('turns a guest away from /upload, /manage and /profile with the text and a destructive toast', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    for (const path of ['/upload', '/manage', '/profile']) {
      await page.goto(`${ctx.server.url}${path}`)
      await page.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor()
      expect(await page.locator('main').textContent(), path).toContain(DENIED)
      const shown = await toast(page, 'Access Denied')
      expect(shown).toContain(DENIED)
      expect(await page.locator('.toast').getAttribute('class')).toContain('toast--destructive')
    }
    await page.screenshot({ path: join(shots, 'access-denied-1280.png') })
    // 'Admin Login' on the page opens the dialog
    await page.getByRole('main').getByRole('button', { name: 'Admin Login' }).click()
    await dialog(page).waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it('signs in after a wrong password, shows the user menu and admin links, and logs out', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.goto(`${ctx.server.url}/`)
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).count()).toBe(0)
    // a reader's page carries none of the workspace's styles
    const ownerSheets = () =>
      page.evaluate(() => [...document.styleSheets].filter((s) => s.href?.includes('/owner-')).length)
    expect(await ownerSheets()).toBe(0)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const d = dialog(page)
    await d.waitFor()
    expect(await d.textContent()).toContain('Sign in to access content management features')
    expect((await d.boundingBox())!.width).toBeLessThanOrEqual(425)
    await page.screenshot({ path: join(shots, 'login-dialog-1280.png') })

    await d.getByRole('button', { name: 'Sign in' }).click()
    expect(await d.textContent()).toContain('Username is required')
    expect(await d.textContent()).toContain('Password is required')
    expect(await d.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true)
    await page.screenshot({ path: join(shots, 'login-dialog-errors-1280.png') })

    await signInWithDialog(page, 'ada', 'wrong-password')
    expect(await toast(page, 'Login failed')).toContain('Invalid username or password')
    expect(await d.isVisible()).toBe(true)

    await signInWithDialog(page, 'ada', password)
    expect(await toast(page, 'Login successful')).toContain('Welcome back!')
    await d.waitFor({ state: 'detached' })
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Upload', 'Manage', 'Profile']) await nav.getByRole('link', { name }).waitFor()
    // signed in as an admin on this page: the workspace's stylesheet arrives, once
    await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes('/owner-')))
    expect(await ownerSheets()).toBe(1)
    // …after the app's (linked at the end of a reader's body), so that the owner's rules win over it
    const sheetOrder = await page.evaluate(() =>
      [...document.styleSheets].map((s) => s.href?.match(/\/(entry-client|owner)-/)?.[1] ?? 'inline'),
    )
    expect(sheetOrder.filter((s) => s !== 'inline')).toEqual(['entry-client', 'owner'])

    await page.getByRole('button', { name: 'Account: ada' }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    expect(await menu.textContent()).toMatch(/ada\s*admin/)
    await page.screenshot({ path: join(shots, 'user-menu-1280.png') })

    // a successful login cleared the form
    await menu.getByRole('menuitem', { name: 'Logout' }).click()
    expect(await toast(page, 'Logged out')).toContain('You have been logged out successfully')
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect(await dialog(page).getByLabel('Username').inputValue()).toBe('')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    // focus goes back to the button that opened the dialog, not to the page's body
    const signIn = page.getByRole('button', { name: 'Sign in' })
    await expect.poll(() => signIn.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await nav.getByRole('link', { name: 'Upload' }).count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('resets a forgotten password through the e-mailed link', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.goto(`${ctx.server.url}/`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await dialog(page).getByRole('button', { name: 'Forgot your password?' }).click()
    const forgotTab = dialog(page).getByRole('tab', { name: 'Forgot Password' })
    expect(await forgotTab.getAttribute('aria-selected')).toBe('true')
    await dialog(page).getByRole('button', { name: 'Back to login' }).click()
    expect(await dialog(page).getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true')
    await dialog(page).getByRole('button', { name: 'Forgot your password?' }).click()

    const email = dialog(page).getByLabel('Email')
    await email.fill('not-an-address')
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click()
    expect(await dialog(page).textContent()).toContain('Valid email is required')

    const before = outboxFiles(ctx.dataDir).length
    await email.fill('ada@example.org')
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click()
    expect(await toast(page, 'Reset email sent')).toContain('Check your email for password reset instructions.')
    expect(await dialog(page).getByRole('tab', { name: 'Reset Password' }).getAttribute('aria-selected')).toBe('true')

    const link = await waitForResetLink(ctx.dataDir, before)
    await page.goto(`${ctx.server.url}${link}`)
    const d = dialog(page)
    await d.waitFor()
    expect(await d.getByRole('tab', { name: 'Reset Password' }).getAttribute('aria-selected')).toBe('true')
    const token = decodeURIComponent(link.split('resetToken=')[1])
    expect(await d.getByLabel('Reset token').inputValue()).toBe(token)
    expect(page.url()).not.toContain('resetToken')

    await d.getByLabel('New password', { exact: true }).fill('short')
    await d.getByLabel('Confirm new password').fill('other-pass')
    await d.getByRole('button', { name: 'Reset password' }).click()
    expect(await d.textContent()).toContain('Password must be at least 6 characters')
    await d.getByLabel('New password', { exact: true }).fill('second-pass')
    await d.getByRole('button', { name: 'Reset password' }).click()
    expect(await d.textContent()).toContain("Passwords don't match")
    await page.screenshot({ path: join(shots, 'reset-dialog-1280.png') })

    await d.getByLabel('Confirm new password').fill('second-pass')
    await d.getByRole('button', { name: 'Reset password' }).click()
    expect(await toast(page, 'Password reset successful')).toContain(
      'Your password has been updated. You can now log in.',
    )
    expect(await d.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true')

    // focus moved to the Login tab's first field: sign in with the keyboard alone
    password = 'second-pass'
    expect(await d.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.type('ada')
    await page.keyboard.press('Tab')
    await page.keyboard.type(password)
    await page.keyboard.press('Enter')
    await toast(page, 'Login successful')
    await d.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  }, 60_000)

  it('changes the e-mail address and the password on /profile', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await signIn(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
    const main = page.locator('main')
    expect(await main.textContent()).toMatch(/Username\s*ada/)
    expect(await main.textContent()).toMatch(/Role\s*admin/)

    const emailForm = page.getByRole('form', { name: 'Email address' })
    const email = emailForm.getByLabel('Email')
    expect(await email.inputValue()).toBe('ada@example.org')
    await email.fill('')
    await emailForm.getByRole('button', { name: 'Update email' }).click()
    expect(await emailForm.textContent()).toContain('Email address is required.')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    await email.fill('not-an-address')
    await emailForm.getByRole('button', { name: 'Update email' }).click()
    expect(await toast(page, 'Error')).toContain('Failed to update email address.')
    await email.fill('ada.lovelace@example.org')
    await emailForm.getByRole('button', { name: 'Update email' }).click()
    expect(await toast(page, 'Email updated')).toContain('Your email address has been updated.')

    const pwForm = page.getByRole('form', { name: 'Change password' })
    const submit = () => pwForm.getByRole('button', { name: 'Change password' }).click()
    await submit()
    expect(await pwForm.textContent()).toContain('All password fields are required.')
    await pwForm.getByLabel('Current password').fill('wrong-current')
    await pwForm.getByLabel('New password', { exact: true }).fill('third-pass')
    await pwForm.getByLabel('Confirm new password').fill('third-pasz')
    await submit()
    expect(await pwForm.textContent()).toContain('New passwords do not match.')
    await pwForm.getByLabel('New password', { exact: true }).fill('abc')
    await pwForm.getByLabel('Confirm new password').fill('abc')
    await submit()
    expect(await pwForm.textContent()).toContain('Password must be at least 6 characters long.')
    await pwForm.getByLabel('New password', { exact: true }).fill('third-pass')
    await pwForm.getByLabel('Confirm new password').fill('third-pass')
    await submit()
    expect(await toast(page, 'Error')).toContain('Failed to update password. Please check your current password.')
    await pwForm.getByLabel('Current password').fill(password)
    await submit()
    expect(await toast(page, 'Password updated')).toContain('Your password has been changed.')
    password = 'third-pass'
    for (const label of ['Current password', 'Confirm new password'])
      expect(await pwForm.getByLabel(label).inputValue()).toBe('')
    await page.screenshot({ path: join(shots, 'profile-1280.png') })

    // this browser stays signed in; the new password is the one that works now
    await page.reload()
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
    const res = await fetch(`${ctx.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'ada', password }),
    })
    expect(res.status).toBe(200)
    expect(errors).toEqual([])
  }, 60_000)

  it('shows status and role capabilities on /admin-secret, creates an admin and stops at five', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.goto(`${ctx.server.url}/admin-secret`)
    const main = page.locator('main')
    await page.getByText('Not authenticated').waitFor()
    await hydrated(page)
    expect(await main.textContent()).toContain('Read-only guest access')
    // empty fields: nothing is sent, nothing is said
    await page.getByRole('button', { name: 'Create admin' }).click()
    await page.getByRole('region', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click()
    await page.waitForTimeout(300)
    expect(await page.locator('.toast').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'admin-secret-guest-1280.png'), fullPage: true })

    const login = page.getByRole('region', { name: 'Sign in' })
    await login.getByLabel('Username').fill('ada')
    await login.getByLabel('Password').fill(password)
    await login.getByRole('button', { name: 'Sign in' }).click()
    await toast(page, 'Login successful')
    await page.getByText('Authenticated', { exact: true }).waitFor()
    expect(await main.textContent()).toContain('Full admin access')

    for (const username of ['bea', 'cy', 'dee'])
      await ctx.blog.auth.createAdmin({ username, password: 'secret-pass' }, OWNER)
    const create = page.getByRole('region', { name: 'Create an admin account' })
    await create.getByLabel('Username').fill('erin')
    await create.getByLabel('Password').fill('secret-pass')
    await create.getByRole('button', { name: 'Create admin' }).click()
    expect(await toast(page, 'Admin created')).toContain('erin can now sign in. No admin slots remaining.')

    await create.getByLabel('Username').fill('frank')
    await create.getByLabel('Password').fill('secret-pass')
    await create.getByLabel('Email (optional)').fill('frank@example.org')
    await create.getByRole('button', { name: 'Create admin' }).click()
    expect(await toast(page, 'Setup failed')).toContain('Maximum admin accounts')
    const table = create.getByRole('table')
    await table.waitFor()
    const listed = await table.locator('tbody tr td:first-child').allTextContents()
    expect(listed.sort()).toEqual(['ada', 'bea', 'cy', 'dee', 'erin'])
    expect(await create.textContent()).toContain('Log in with an existing admin account')
    await page.screenshot({ path: join(shots, 'admin-secret-limit-1280.png') })

    await page.getByRole('button', { name: 'Logout' }).click()
    await toast(page, 'Logged out')
    await page.getByText('Not authenticated').waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it('opens the phone menu for a tap made before the app has started, once it has', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.setViewportSize({ width: 360, height: 740 })
    const app = await holdBackApp(page)
    await page.goto(`${ctx.server.url}/`)
    await app.asked
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    await menuButton.click() // an impatient second tap must not close it again
    const menu = page.getByRole('dialog', { name: 'Menu' })
    expect(await menu.isVisible()).toBe(false)

    app.release()
    await menu.getByRole('button', { name: 'Admin Login' }).click()
    await dialog(page).waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it('does not replay an early tap on Share, which only the reader’s own tap may open', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    const app = await holdBackApp(page)
    const slug = ctx.blog.store.posts().find((p) => p.status === 'published')!.slug
    await page.goto(`${ctx.server.url}/posts/${slug}`)
    await app.asked
    await page.getByRole('button', { name: 'Share', exact: true }).click()

    app.release()
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('main') ?? {}).some((k) => k.startsWith('__reactFiber$')),
    )
    await page.waitForTimeout(1000)
    expect(await page.locator('.toast').count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('works on a 360 px phone: mobile menu login, user, logout, dark mode', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`${ctx.server.url}/`)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Admin Login' }).click()
    const d = dialog(page)
    await d.waitFor()
    const box = (await d.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    await page.screenshot({ path: join(shots, 'login-dialog-360.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: join(shots, 'login-dialog-360-dark.png') })
    await page.emulateMedia({ colorScheme: 'light' })

    await signInWithDialog(page, 'ada', password)
    await toast(page, 'Login successful')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await menu.getByRole('link', { name: 'Profile' }).waitFor()
    expect(await menu.textContent()).toMatch(/ada\s*admin/)
    await page.waitForTimeout(400) // the slide-in
    await page.screenshot({ path: join(shots, 'mobile-menu-admin-360.png') })

    for (const path of ['/profile', '/admin-secret']) {
      await page.goto(`${ctx.server.url}${path}`)
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(shots, `${path.slice(1)}-360.png`) })
    }

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click()
    await toast(page, 'Logged out')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Admin Login' }).waitFor()
    expect(errors).toEqual([])
  }, 60_000)
})
