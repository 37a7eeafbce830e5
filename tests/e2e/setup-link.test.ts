import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'

/**
 * Issue 21: a site that already has posts never takes an anonymous first admin; its owner uses
 * the setup link `blog serve` printed (or `blog admin create`).
 */
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  ctx = await servedBlog()
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

async function createAdmin(page: Page, username: string): Promise<string> {
  await hydrated(page)
  const create = page.getByRole('region', { name: 'Create an admin account' })
  await create.getByLabel('Username').fill(username)
  await create.getByLabel('Password').fill('secret-pass')
  await create.getByRole('button', { name: 'Create admin' }).click()
  const toast = page.locator('.toast').last()
  await toast.waitFor()
  return (await toast.textContent()) ?? ''
}

describe('first admin of a site with posts, in the browser', () => {
  it('refuses the visitor without the link, naming the terminal command', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${ctx.server.url}/admin-secret`)
    await page.getByText('Not authenticated').waitFor()
    const said = await createAdmin(page, 'mallory')
    expect(said).toContain('Setup failed')
    expect(said).toContain('blog admin create')
    expect(ctx.blog.store.db.users).toHaveLength(0)
    await page.close()
  }, 60_000)

  it('creates the admin through the setup link and signs them in', async () => {
    const setup = ctx.blog.auth.firstAdminSetup()
    expect(setup?.required).toBe(true)
    const page = await browser.context.newPage()
    await page.goto(`${ctx.server.url}/admin-secret?setup=${setup!.token}`)
    await page.getByText('Not authenticated').waitFor()
    expect(await createAdmin(page, 'owner')).toContain('owner can now sign in')
    await page.getByText('Authenticated', { exact: true }).waitFor()
    expect(ctx.blog.store.db.users.map((u) => u.username)).toEqual(['owner'])
    await page.close()
  }, 60_000)
})
