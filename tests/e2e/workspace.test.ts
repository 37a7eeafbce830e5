import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// The owner's workspace in a browser (SPEC §2, §4, §5, §8): upload, the Post Manager and its
// edit modal, the image regeneration dialog, the job tracker, and the arXiv export.

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
let ctx: Awaited<ReturnType<typeof servedBlog>>
/** The owner's browser, and a second one for a reader who is not signed in. */
let browser: TestBrowser
let reader: TestBrowser

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  // Jobs wait until the job tracker test lets them run, so what they show is deterministic.
  await ctx.blog.jobs.stop()
  browser = await launchBrowser()
  reader = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running (and polling) beside the next tests.
afterEach(async () => {
  await browser?.closePages()
  await reader?.closePages()
})
afterAll(async () => {
  await browser?.close()
  await reader?.close()
  await ctx?.cleanup()
})

const url = (path: string) => `${ctx.server.url}${path}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A tab signed in as the owner (the context shares the session cookie); errors are collected. */
async function ownerPage(errors: string[] = []): Promise<Page> {
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // refused input (400), a forced failure (500), a too large upload (413) and routes not built yet (404) are part of the flows
  page.on(
    'console',
    (m) => m.type() === 'error' && !/status of (400|404|413|500)/.test(m.text()) && errors.push(m.text()),
  )
  const res = await page.request.post(url('/api/auth/login'), { data: { username: 'owner', password: 'password1' } })
  expect(res.ok()).toBe(true)
  return page
}

async function readerPage(): Promise<Page> {
  return reader.context.newPage()
}

/** Waits until the page's scripts have taken over and know the owner is signed in. */
async function ready(page: Page, path: string) {
  await page.goto(url(path))
  await page.waitForFunction(() => document.querySelector('button.user-menu__trigger'))
}

/**
 * The open toast with this title (and this text, when given: two toasts in a row may share a
 * title), and its text once visible.
 */
async function toast(page: Page, title: string, text?: string): Promise<string> {
  let el = page.locator('.toast[data-state="open"]').filter({ has: page.locator('.toast__title', { hasText: title }) })
  if (text) el = el.filter({ hasText: text })
  await el.first().waitFor({ timeout: 15_000 })
  return (await el.first().textContent()) ?? ''
}

/** A screenshot once transitions (colours, the dialogs' entrance) have settled. */
async function shot(page: Page, name: string, fullPage = false) {
  await sleep(400)
  await page.screenshot({ path: join(shots, name), fullPage })
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(url(path))
  expect(res.ok(), path).toBe(true)
  return (await res.json()) as T
}

interface ApiPost {
  id: number
  slug: string
  title: string
  status: string
  tags: string[]
  excerpt: string
  metaDescription: string | null
  author: string
  featured: number
  publishedAt: string
  content: string
  bannerImage: string | null
}

const row = (page: Page, title: string) =>
  page.locator('.manage-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

describe('the owner’s workspace', () => {
  it('uploads good and bad files: a per-file list with reasons, links, and the toasts', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/upload')
    await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor()
    const input = page.locator('input[type="file"]:not([webkitdirectory])')

    // nothing markdown: refused before any call
    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') }])
    expect(await toast(page, 'No Markdown Files')).toContain('Please select .md or .markdown files')
    expect(await page.locator('.upload-file').count()).toBe(0)

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/upload'))
    await input.setInputFiles([
      {
        name: 'good-essay.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          '---\ntitle: A Good Essay\ntags: [method]\n---\n\nIt argues carefully, with $e^{i\\pi} = -1$.\n',
        ),
      },
      {
        name: 'broken.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x00, 0x01, 0x9f, 0x00, 0x00, 0xc3]),
      },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an essay') },
    ])
    const body = (await (await answer).json()) as {
      files: { name: string; status: string; error: string | null; slug: string | null }[]
    }
    expect(body.files.map((f) => f.status)).toEqual(['imported', 'failed'])
    expect(await toast(page, 'Some Files Failed')).toContain('1 uploaded, 2 failed')

    const good = page.locator('.upload-file').filter({ hasText: 'good-essay.md' })
    // a new post gets a banner made in the background: 'generating-image' until its job is done
    await good.locator('.upload-file__label', { hasText: 'Generating image' }).waitFor()
    await shot(page, 'upload-generating-image-1280.png', true)
    ctx.blog.jobs.start()
    await good.locator('.upload-file__label', { hasText: 'Success' }).waitFor({ timeout: 30_000 })
    await ctx.blog.jobs.stop()
    expect((await api<ApiPost>(page, `/api/posts/${body.files[0].slug}`)).bannerImage).toMatch(/^\/media\//)
    expect(await good.getByRole('link').getAttribute('href')).toBe(`/posts/${body.files[0].slug}`)
    const bad = page.locator('.upload-file').filter({ hasText: 'broken.md' })
    expect(await bad.locator('.upload-file__label').textContent()).toBe('Error')
    expect(await bad.locator('.upload-file__message').textContent()).toBe(body.files[1].error)
    const skipped = page.locator('.upload-file').filter({ hasText: 'notes.txt' })
    expect(await skipped.textContent()).toContain('only .md and .markdown files can be uploaded')
    await shot(page, 'upload-list-1280.png', true)
    await page.setViewportSize({ width: 375, height: 812 })
    await shot(page, 'upload-list-375.png', true)
    await page.setViewportSize({ width: 1280, height: 900 })

    // a request the server refuses as a whole: 'Upload Failed' with its message, every file an error
    const many = Array.from({ length: 301 }, (_, i) => ({
      name: `e${i}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# Essay ${i}\n\nText.\n`),
    }))
    await input.setInputFiles(many)
    expect(await toast(page, 'Upload Failed')).toContain('At most 300 files per upload.')
    expect(
      await page
        .locator('.upload-file--error')
        .filter({ hasText: /^.*e\d+\.md/ })
        .count(),
    ).toBe(301)

    // the new post is a link away
    await good.getByRole('link').click()
    await page.getByRole('heading', { name: 'A Good Essay', level: 1 }).waitFor()
    expect(errors).toEqual([])
  }, 90_000)

  it("styles the workspace from the first paint of a page rendered for the owner, and never a reader's page", async () => {
    const page = await ownerPage()
    const html = await (await page.request.get(url('/manage'))).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/owner-[\w-]+\.css">/)
    await ready(page, '/manage')
    await page.locator('.manage-toolbar').waitFor()
    expect(await page.locator('.manage-toolbar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky')
    expect(await page.evaluate(() => [...document.styleSheets].filter((s) => s.href?.includes('/owner-')).length)).toBe(
      1,
    )
    await page.close()
    const guest = await readerPage()
    for (const path of ['/', '/posts/the-gaussian-integral-three-ways']) {
      const res = await guest.goto(url(path))
      expect(await res!.text()).not.toContain('/owner-')
    }
    await guest.close()
  })

  it('lists every post on /manage, and edits one with trimming, a server-rendered preview and Save Changes', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/manage')
    const notation = row(page, 'On Notation')
    await notation.waitFor()
    // drafts are listed too, marked
    expect(await row(page, 'An Unfinished Draft').locator('.badge').first().textContent()).toBe('Draft')
    expect(await notation.locator('.badge').first().textContent()).toBe('Published')
    await page.getByRole('button', { name: 'Delete Selected (0)' }).waitFor()
    await shot(page, 'manage-1280.png', true)
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'manage-dark-1280.png')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 375, height: 812 })
    await shot(page, 'manage-375.png', true)
    await shot(page, 'manage-375-top.png')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.setViewportSize({ width: 1280, height: 900 })

    // closing with Escape or Close gives focus back to the Edit button that opened the modal
    const edit = notation.getByRole('button', { name: 'Edit' })
    const dialog = page.getByRole('dialog', { name: 'Edit Post' })
    for (const close of [() => page.keyboard.press('Escape'), () => dialog.getByLabel('Close').click()]) {
      await edit.click()
      await dialog.getByLabel('Title').waitFor()
      await close()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true)
    }
    await edit.click()
    await dialog.getByLabel('Title').waitFor()
    expect(await dialog.getByLabel('Title').inputValue()).toBe('On Notation')
    await dialog.getByLabel('Title').fill('  Notation, Revisited  ')
    const content = dialog.getByRole('tabpanel').locator('textarea')
    await content.fill(
      `\n${await content.inputValue()}\n\nA closing formula: $$\\sum_{k=1}^n k = \\frac{n(n+1)}{2}$$\n\n`,
    )
    await dialog.getByLabel('Excerpt').fill('  What good notation does.  ')
    await dialog.getByLabel('Meta description').fill('   Notation as a tool of thought.   ')
    await dialog.getByLabel('Tags').fill(' notation, , history ,  method,, ')
    await dialog.getByLabel('Author').fill('  Ada Lovelace  ')
    await dialog.getByLabel('Publish date').fill('2025-05-06T07:08')
    await dialog.getByRole('checkbox', { name: /Featured/ }).click()

    // The preview renders with the edited post's own figures and bibliography (issue 40).
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/preview'))
    await dialog.getByRole('tab', { name: 'Preview' }).click()
    expect((await asked).postDataJSON()).toMatchObject({ postId: ctx.blog.store.postBySlug('on-notation')!.id })
    const preview = dialog.locator('.edit-preview .prose')
    await preview.waitFor()
    expect(await preview.locator('.katex').count()).toBeGreaterThan(0)
    expect(await preview.textContent()).toContain('Symbols as tools')
    await shot(page, 'edit-modal-preview-1280.png')
    await page.setViewportSize({ width: 375, height: 812 })
    await shot(page, 'edit-modal-preview-375.png')
    await page.setViewportSize({ width: 1280, height: 900 })
    await dialog.getByRole('tab', { name: 'Edit' }).click()

    const saved = page.waitForResponse((r) => r.url().includes('/api/posts/') && r.request().method() === 'PUT')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    const sent = (await saved).request().postDataJSON() as Record<string, unknown>
    expect(sent).toMatchObject({
      title: 'Notation, Revisited',
      excerpt: 'What good notation does.',
      metaDescription: 'Notation as a tool of thought.',
      tags: ['notation', 'history', 'method'],
      author: 'Ada Lovelace',
      featured: 1,
    })
    expect(sent.publishedAt).toBe(await page.evaluate(() => new Date('2025-05-06T07:08').toISOString()))
    expect(await toast(page, 'Post updated')).toContain('Notation, Revisited')
    await dialog.waitFor({ state: 'detached' })
    await row(page, 'Notation, Revisited').waitFor()

    // what the API now answers
    const stored = await api<ApiPost>(page, '/api/posts/on-notation')
    expect(stored).toMatchObject({
      title: 'Notation, Revisited',
      excerpt: 'What good notation does.',
      metaDescription: 'Notation as a tool of thought.',
      tags: ['notation', 'history', 'method'],
      author: 'Ada Lovelace',
      featured: 1,
    })
    expect(stored.publishedAt).toBe(sent.publishedAt)
    expect(stored.content).toBe(stored.content.trim())
    expect(stored.content).toContain('Symbols as tools')
    expect(stored.content.endsWith('\\frac{n(n+1)}{2}$$')).toBe(true)

    // a failed save says so and keeps the modal open
    await row(page, 'Notation, Revisited').getByRole('button', { name: 'Edit' }).click()
    await dialog.getByLabel('Title').waitFor()
    await page.route('**/api/posts/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, body: '{"message":"boom"}' })
        : route.fallback(),
    )
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    expect(await toast(page, 'Error', 'Failed to update post')).toContain('Failed to update post')
    await page.unroute('**/api/posts/*')
    // a required field left empty is caught before any call
    await dialog.getByLabel('Title').fill('   ')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    expect(await dialog.textContent()).toContain('Title is required')
    page.once('dialog', (d) => void d.accept())
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  }, 90_000)

  it('publishes a draft and takes it back, and a reader sees it only while published', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    const guest = await readerPage()
    await ready(page, '/manage')
    const draft = row(page, 'An Unfinished Draft')
    await draft.getByRole('button', { name: 'Publish', exact: true }).click()
    expect(await toast(page, 'Post published')).toContain('An Unfinished Draft')
    await draft.locator('.badge', { hasText: 'Published' }).waitFor()

    await guest.goto(url('/'))
    await guest.getByRole('link', { name: 'An Unfinished Draft' }).waitFor()
    const post = await api<ApiPost>(page, '/api/posts/an-unfinished-draft')
    expect(post.status).toBe('published')

    await draft.getByRole('button', { name: 'Draft', exact: true }).click()
    expect(await toast(page, 'Moved to drafts')).toContain('An Unfinished Draft')
    await draft.locator('.badge', { hasText: 'Draft' }).waitFor()
    await guest.goto(url('/'))
    await guest.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    expect(await guest.getByRole('link', { name: 'An Unfinished Draft' }).count()).toBe(0)
    const gone = await guest.goto(url('/posts/an-unfinished-draft'))
    expect(gone?.status()).toBe(404)

    // a failed toggle says so (SPEC §8)
    await page.route('**/api/posts/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: 'no' }) : route.fallback(),
    )
    await draft.getByRole('button', { name: 'Publish', exact: true }).click()
    expect(await toast(page, 'Error', 'Failed to update post status')).toContain('Failed to update post status')
    await page.unroute('**/api/posts/*')
    expect(errors).toEqual([])
  }, 90_000)

  it('keeps the regeneration dialog’s rules: defaults, dall-e-3-only options, custom prompt gating, Starting...', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/manage')
    await row(page, 'The Gaussian Integral, Three Ways').getByRole('button', { name: 'Regenerate Images' }).click()
    const dialog = page.getByRole('dialog', { name: 'Regenerate Images' })
    await dialog.waitFor()
    // SPEC §9 defaults
    expect(await dialog.getByRole('radio', { name: 'Both' }).getAttribute('aria-checked')).toBe('true')
    expect(await dialog.getByRole('combobox', { name: 'Model' }).textContent()).toContain('DALL·E 3')
    expect(await dialog.getByRole('radio', { name: 'HD' }).getAttribute('aria-checked')).toBe('true')
    expect(await dialog.getByRole('radio', { name: 'Natural' }).getAttribute('aria-checked')).toBe('true')
    const start = dialog.getByRole('button', { name: 'Start Regeneration' })
    expect(await start.isEnabled()).toBe(true)
    await dialog.getByRole('radio', { name: 'Vivid' }).click()
    await shot(page, 'regen-dialog-1280.png')
    await page.setViewportSize({ width: 360, height: 740 })
    await shot(page, 'regen-dialog-360.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    // other models: quality and style leave (and are sent as standard and natural)
    await dialog.getByRole('combobox', { name: 'Model' }).click()
    await page.getByRole('option', { name: /DALL·E 2/ }).click()
    expect(await dialog.getByRole('radio', { name: 'HD' }).count()).toBe(0)
    expect(await dialog.getByRole('radio', { name: 'Vivid' }).count()).toBe(0)
    expect(await dialog.textContent()).toContain('standard quality and a natural style')

    // custom prompt: on and blank disables Start
    await dialog.getByRole('switch', { name: 'Use a custom prompt' }).click()
    expect(await start.isDisabled()).toBe(true)
    await dialog.getByRole('textbox', { name: 'Custom prompt' }).fill('    ')
    expect(await start.isDisabled()).toBe(true)
    await dialog.getByRole('textbox', { name: 'Custom prompt' }).fill('  an engraving of a bell curve  ')
    expect(await start.isEnabled()).toBe(true)
    await dialog.getByRole('radio', { name: 'Banner' }).click()
    await shot(page, 'regen-dialog-custom-1280.png')

    // the call, held back a moment so 'Starting...' can be seen
    let sent: unknown = null
    await page.route('**/api/posts/*/regenerate-images', async (route) => {
      sent = route.request().postDataJSON()
      await sleep(1200)
      await route.continue()
    })
    await start.click()
    const starting = dialog.getByRole('button', { name: 'Starting...' })
    await starting.waitFor()
    expect(await starting.isDisabled()).toBe(true)
    expect(await starting.locator('svg.spin').count()).toBe(1)
    expect(await toast(page, 'Images Regenerating')).toContain(
      'Started regenerating banner images for "The Gaussian Integral, Three Ways"',
    )
    await dialog.waitFor({ state: 'detached' })
    expect(sent).toEqual({
      imageType: 'banner',
      imageOptions: {
        model: 'dall-e-2',
        quality: 'standard',
        style: 'natural',
        useCustomPrompt: true,
        customPrompt: 'an engraving of a bell curve',
      },
    })
    await page.unroute('**/api/posts/*/regenerate-images')

    // a failed start: SPEC §8 'Failed to regenerate images', the dialog stays for another try
    await row(page, 'The Gaussian Integral, Three Ways').getByRole('button', { name: 'Regenerate Images' }).click()
    await page.route('**/api/posts/*/regenerate-images', (route) => route.fulfill({ status: 500, body: 'down' }))
    await dialog.getByRole('button', { name: 'Start Regeneration' }).click()
    expect(await toast(page, 'Error', 'Failed to regenerate images')).toContain('Failed to regenerate images')
    expect(await dialog.isVisible()).toBe(true)
    await page.unroute('**/api/posts/*/regenerate-images')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  }, 90_000)

  it('starts a bulk regeneration from the home page and follows it in the job tracker: cancel one, then completion', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/')
    const bar = page.getByRole('group', { name: 'Post selection' })
    await bar.waitFor()
    const bulk = bar.getByRole('button', { name: 'Regenerate Images (0)' })
    expect(await bulk.isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: 'Select "A Good Essay"' }).click()
    await bar.getByRole('button', { name: 'Regenerate Images (1)' }).waitFor()
    await shot(page, 'home-admin-1280.png')
    await bar.getByRole('button', { name: 'Clear All' }).click()
    await bar.getByRole('button', { name: 'Select All' }).click()
    const count = await page.locator('.post-card').count()
    expect(count).toBeGreaterThanOrEqual(3)
    await bar.getByRole('button', { name: `Regenerate Images (${count})` }).click()
    const dialog = page.getByRole('dialog', { name: 'Regenerate Images' })
    expect(await dialog.textContent()).toContain(`${count} selected posts`)
    await dialog.getByRole('button', { name: 'Start Regeneration' }).click()
    expect(await toast(page, 'Images Regenerating')).toContain(`Started regenerating all images for ${count} posts`)
    // SPEC §4: a successful bulk start clears the selection
    await bar.getByRole('button', { name: 'Regenerate Images (0)' }).waitFor()

    const tracker = page.getByRole('region', { name: 'Background jobs' })
    await tracker.waitFor()
    await tracker.getByText(`${count} queued`).waitFor()
    // it comes folded to one line (it floats over the page): the owner opens its list
    await tracker.getByRole('button', { name: /Background jobs/, expanded: false }).click()
    await shot(page, 'job-tracker-1280.png')

    await tracker.getByRole('button', { name: 'Cancel the job for "A Good Essay"' }).click()
    expect(await toast(page, 'Job cancelled')).toContain('A Good Essay')
    await tracker.getByText(`${count - 1} queued`).waitFor()
    expect(await tracker.getByText('A Good Essay').count()).toBe(0)
    // the tracker stands above the toast, not under it
    const toastBox = (await page.locator('.toast').first().boundingBox())!
    const trackerBox = (await tracker.boundingBox())!
    expect(trackerBox.y + trackerBox.height).toBeLessThanOrEqual(toastBox.y)
    await shot(page, 'job-tracker-with-toast-1280.png')
    await page.setViewportSize({ width: 375, height: 812 })
    await shot(page, 'job-tracker-375.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    // a failed cancel says so
    await page.route('**/api/jobs/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'no' }) : route.fallback(),
    )
    await tracker
      .getByRole('button', { name: /^Cancel the job for/ })
      .first()
      .click()
    expect(await toast(page, 'Error', 'Failed to cancel job')).toContain('Failed to cancel job')
    await page.unroute('**/api/jobs/*')

    // the jobs run: each completes, its post gets a banner, and completed jobs leave after 5 s
    ctx.blog.jobs.start()
    await tracker.locator('.job--completed').first().waitFor({ timeout: 60_000 })
    await tracker.waitFor({ state: 'detached', timeout: 90_000 })
    const gaussian = await api<ApiPost>(page, '/api/posts/the-gaussian-integral-three-ways')
    expect(gaussian.bannerImage).toMatch(/^\//)
    // the list was refreshed: the card shows its new banner
    await page
      .locator('.post-card')
      .filter({ hasText: 'The Gaussian Integral' })
      .locator('.post-card__media img')
      .waitFor({ timeout: 15_000 })
    expect(errors).toEqual([])
  }, 180_000)

  it('cancels all pending jobs at once', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ctx.blog.jobs.stop()
    await ready(page, '/manage')
    await page.getByRole('button', { name: 'Select All' }).click()
    await page.getByRole('button', { name: /^Regenerate Images \(\d+\)$/ }).click()
    await page
      .getByRole('dialog', { name: 'Regenerate Images' })
      .getByRole('button', { name: 'Start Regeneration' })
      .click()
    const tracker = page.getByRole('region', { name: 'Background jobs' })
    await tracker.getByRole('button', { name: /Background jobs/, expanded: false }).click()
    await tracker.getByRole('button', { name: /^Cancel all pending/ }).click()
    expect(await toast(page, 'Jobs cancelled')).toMatch(/Cancelled \d+ pending jobs/)
    await tracker.waitFor({ state: 'detached' })
    const status = await api<{ pendingJobs: number }>(page, '/api/jobs/status')
    expect(status.pendingJobs).toBe(0)
    ctx.blog.jobs.start()
    expect(errors).toEqual([])
  }, 90_000)

  it('downloads the arXiv export as {slug}-arxiv-format.txt, the same text the CLI writes', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/posts/the-gaussian-integral-three-ways')
    const button = page.getByRole('button', { name: 'Export for arXiv', exact: true })
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(download.suggestedFilename()).toBe('the-gaussian-integral-three-ways-arxiv-format.txt')
    const text = readFileSync((await download.path())!, 'utf8')
    const expected = await ctx.blog.export.arxiv('the-gaussian-integral-three-ways', OWNER)
    expect(text).toBe(expected.text)
    expect(text).toContain('\\documentclass')
    expect(text).toContain('The Gaussian Integral, Three Ways')

    // the submission archive, figures included, as `blog export --arxiv SLUG -o x.tar.gz` writes it
    const archiveButton = page.getByRole('button', { name: 'Export for arXiv .tar.gz, with figures' })
    const [archive] = await Promise.all([page.waitForEvent('download'), archiveButton.click()])
    expect(archive.suggestedFilename()).toBe('the-gaussian-integral-three-ways-arxiv.tar.gz')
    const made = await ctx.blog.export.arxivArchive('the-gaussian-integral-three-ways', OWNER)
    expect(readFileSync((await archive.path())!).equals(made.bytes)).toBe(true)

    // a reader has no such button
    const guest = await readerPage()
    await guest.goto(url('/posts/the-gaussian-integral-three-ways'))
    await guest.getByRole('button', { name: 'Print' }).waitFor()
    expect(await guest.getByRole('button', { name: /Export for arXiv/ }).count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it("gives the post page a 'Generate Content' box and the model panel's Generate button, with SPEC §8 toasts", async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/posts/the-gaussian-integral-three-ways')
    const box = page.getByRole('region', { name: 'Generate Content' })
    await box.waitFor()
    await shot(page, 'post-generate-box-1280.png')

    await page.route('**/api/posts/*/generate-annotations', (route) => route.fulfill({ status: 500, body: 'down' }))
    await box.getByRole('button', { name: 'Generate Annotations' }).click()
    expect(await toast(page, 'Error', 'Failed to generate annotations.')).toContain('Failed to generate annotations.')
    await page.route('**/api/posts/*/generate-bibliography', (route) => route.fulfill({ status: 500, body: 'down' }))
    await box.getByRole('button', { name: 'Generate Bibliography' }).click()
    expect(await toast(page, 'Error', 'Failed to generate bibliography.')).toContain('Failed to generate bibliography.')
    await page.route('**/api/posts/*/regenerate-images', (route) => route.fulfill({ status: 500, body: 'down' }))
    await box.getByRole('button', { name: 'Regenerate Images' }).click()
    await page
      .getByRole('dialog', { name: 'Regenerate Images' })
      .getByRole('button', { name: 'Start Regeneration' })
      .click()
    expect(await toast(page, 'Error', 'Failed to regenerate images.')).toContain('Failed to regenerate images.')
    const regen = page.getByRole('dialog', { name: 'Regenerate Images' })
    await regen.getByRole('button', { name: 'Cancel' }).click()
    await regen.waitFor({ state: 'detached' })
    await page.unrouteAll()

    // and for real: the annotations are made, and the post is refetched with them
    await box.getByRole('button', { name: 'Generate Annotations' }).click()
    expect(await toast(page, 'Annotations Generated')).toContain('Show Annotations')
    await page.getByRole('button', { name: 'Show Annotations' }).waitFor()

    // the model: Generate (held back a moment to show its busy label), then the panel shows the new model
    const hasModel =
      (await api<{ mathematicalModel: string | null }>(page, '/api/posts/the-gaussian-integral-three-ways'))
        .mathematicalModel !== null
    await page.route(/\/api\/posts\/\d+\/(re)?generate-model$/, async (route) => {
      await sleep(800)
      await route.continue()
    })
    await page.getByRole('button', { name: 'Mathematical Model' }).click()
    const panel = page.getByRole('region', { name: 'Mathematical Model' })
    const generate = panel.getByRole('button', { name: hasModel ? 'Regenerate the model' : 'Generate a model' })
    expect(await generate.textContent()).toBe(hasModel ? 'Regen' : 'Generate')
    const answer = page.waitForResponse((r) => /generate-model$/.test(r.url()))
    await generate.click()
    // the busy label shows on the next render after the click, so wait for it rather than read at once
    const busy = panel.locator('.model-panel__generate', { hasText: hasModel ? 'Regen...' : 'Gen...' })
    await busy.waitFor({ timeout: 5_000 })
    expect(await busy.isDisabled()).toBe(true)
    const made = (await (await answer).json()) as { model: { abstract: string }; variablesCount: number }
    const said = await toast(page, hasModel ? 'Mathematical Model Regenerated' : 'Mathematical Model Generated')
    expect(said).toContain(
      hasModel
        ? `Updated model with ${made.variablesCount} variables`
        : `Created quantitative model with ${made.variablesCount} variables`,
    )
    await panel.locator('.model-body').waitFor()
    expect(await panel.textContent()).toContain(made.model.abstract.slice(0, 40))
    // now there is a model: the button offers to make it again
    expect(await panel.locator('.model-panel__generate').textContent()).toBe('Regen')
    await shot(page, 'post-generate-content-1280.png')
    await page.unrouteAll()
    expect(errors).toEqual([])
  }, 90_000)

  it('deletes the selected posts after a confirmation that says it cannot be undone', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await ready(page, '/manage')
    await page.getByRole('checkbox', { name: 'Select "A Good Essay"' }).click()
    await page.getByRole('checkbox', { name: 'Select "An Unfinished Draft"' }).click()
    const del = page.getByRole('button', { name: 'Delete Selected (2)' })

    // dismissed: nothing happens
    let message = ''
    page.once('dialog', (d) => {
      message = d.message()
      void d.dismiss()
    })
    await del.click()
    expect(message).toBe('Delete 2 selected posts? This cannot be undone.')
    expect(await row(page, 'A Good Essay').count()).toBe(1)

    page.once('dialog', (d) => void d.accept())
    await del.click()
    expect(await toast(page, 'Posts deleted')).toContain('Deleted 2 posts')
    await row(page, 'A Good Essay').waitFor({ state: 'detached' })
    expect(await row(page, 'An Unfinished Draft').count()).toBe(0)
    await page.getByRole('button', { name: 'Delete Selected (0)' }).waitFor()
    const left = await api<{ slug: string }[]>(page, '/api/posts')
    expect(left.map((p) => p.slug).sort()).toEqual(['on-notation', 'the-gaussian-integral-three-ways'])

    // a single post, with its own confirmation
    page.once('dialog', (d) => {
      message = d.message()
      void d.accept()
    })
    await row(page, 'Notation, Revisited').getByRole('button', { name: 'Delete' }).click()
    expect(message).toBe('Delete "Notation, Revisited"? This cannot be undone.')
    expect(await toast(page, 'Post deleted')).toContain('Notation, Revisited')
    await row(page, 'Notation, Revisited').waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  }, 60_000)
})
