import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { cpSync, createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { buildStaticSite } from '../../src/build/static-build.js'
import { fixtureSite } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { tempDir } from '../helpers/temp-dir.js'

/*
 * The static build opened in Chromium from a plain file server, the way a CDN serves it:
 * a folder answers with its index.html (after a redirect to the trailing slash), anything
 * missing with 404.html and status 404, query strings are ignored, and there is no API and no
 * fallback to the app. Once at the host's root and once under /sub/.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
}

/** A static file server for `root`, mounted at `mount` ('' or '/sub'). */
function serveStatic(root: string, mount: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://x')
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': TYPES['.html'] })
      createReadStream(join(root, '404.html')).pipe(res)
    }
    if (!(pathname + '/').startsWith(`${mount}/`)) return notFound()
    let path: string
    try {
      path = normalize(join(root, decodeURIComponent(pathname.slice(mount.length))))
    } catch {
      return notFound()
    }
    if (path !== root && !path.startsWith(root + sep)) return notFound()
    if (existsSync(path) && statSync(path).isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { Location: `${pathname}/${search}` })
        return res.end()
      }
      path = join(path, 'index.html')
    }
    if (!existsSync(path) || !statSync(path).isFile()) return notFound()
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' })
    createReadStream(path).pipe(res)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${mount}`, server }),
    ),
  )
}

/** Collects what would be a broken page: script errors, console errors, failed or refused requests. */
function watch(page: Page, allowed: RegExp[] = []): string[] {
  const problems: string[] = []
  const ok = (text: string) => allowed.some((a) => a.test(text))
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => m.type() === 'error' && !ok(m.text()) && problems.push(`console: ${m.text()}`))
  // (a request cut short by the next navigation is no failure)
  page.on(
    'requestfailed',
    (r) =>
      r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
  )
  page.on('response', (r) => r.status() >= 400 && !ok(r.url()) && problems.push(`${r.status()}: ${r.url()}`))
  return problems
}

const tmp = tempDir('static-e2e-')
let blog: Blog
let browser: TestBrowser
const servers: Server[] = []
const sites: Record<string, string> = {}
const ILLUSTRATION = 'content-0123456789abcdef0123.png'

beforeAll(async () => {
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })
  blog = await createBlog({
    dataDir: join(tmp.path, 'data'),
    baseUrl: 'https://essays.example.org',
    env: {},
    log: () => {},
  })
  await blog.importer.importPaths([essays])
  // An illustration the page places in the essay (web/lib/content-figures.ts): the page's, not the
  // essay's, so the app must not count it in the essay it reads back from the page.
  const notation = blog.store.postBySlug('on-notation')!
  mkdirSync(join(tmp.path, 'data', 'media', 'posts', String(notation.id)), { recursive: true })
  writeFileSync(
    join(tmp.path, 'data', 'media', 'posts', String(notation.id), ILLUSTRATION),
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6' } })
      .png()
      .toBuffer(),
  )
  await blog.editor.update({ userId: 1, role: 'admin' }, notation.id, {
    contentImages: [`/media/posts/${notation.id}/${ILLUSTRATION}`],
  })
  for (const base of ['', '/sub']) {
    const out = join(tmp.path, `out${base.replace('/', '-')}`)
    await buildStaticSite(blog, { out, base })
    const { url, server } = await serveStatic(out, base)
    servers.push(server)
    sites[base] = url
  }
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  for (const s of servers) await new Promise((r) => s.close(r))
  await blog?.close()
  tmp.cleanup()
})

describe.each([
  ['at the root of the host', ''],
  ['under a sub-path', '/sub'],
])('the static build %s', (_label, base) => {
  const site = () => sites[base]

  it('shows the home page, opens a post in the page and goes back', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    await page.goto(`${site()}/`)
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    expect(await page.getByText('An Unfinished Draft').count()).toBe(0)
    // a click on the server's markup before the app runs is an ordinary page load
    await hydrated(page)
    // a marker on the window survives only navigations inside the app
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('link', { name: 'The Gaussian Integral, Three Ways' }).first().click()
    await page.waitForURL(`${site()}/posts/the-gaussian-integral-three-ways`)
    await page.getByRole('heading', { name: 'Polar coordinates' }).waitFor()
    expect(await page.locator('.katex-display').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    await page.goBack()
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    await page.getByRole('link', { name: 'About' }).first().click()
    await page.waitForURL(`${site()}/about`)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    // the home page's other views live in the query string, which the host ignores: the
    // app renders them from the data the page carries
    await page.goto(`${site()}/?sort=title&dir=asc&page=2`)
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    await page.getByRole('link', { name: 'On Notation' }).first().waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('opens a post by its address, hydrated, with a tidy address', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    // Hold the app's script back, mark the server's heading, then let the app start: hydration
    // keeps the element (and would throw away the whole markup on any mismatch).
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/assets/entry-client-*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${site()}/posts/on-notation`, { waitUntil: 'commit' })
    await page.locator('h1', { hasText: 'On Notation' }).waitFor()
    await page.locator('h1', { hasText: 'On Notation' }).evaluate((h1) => h1.setAttribute('data-from-server', ''))
    release()
    // the host added a trailing slash; the app took it off again
    await page.waitForURL(`${site()}/posts/on-notation`)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('h1[data-from-server]').count()).toBe(1)
    await page.getByRole('heading', { level: 1, name: 'On Notation' }).waitFor()
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    expect(page.url()).toBe(`${site()}/`)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    // a link to the file itself shows the page it holds
    await page.goto(`${site()}/posts/on-notation/index.html`)
    await page.waitForURL(`${site()}/posts/on-notation`)
    await page.getByRole('heading', { level: 1, name: 'On Notation' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('hydrates the essay from the page, which carries it once, and reads other posts from their pages', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await page.goto(`${site()}/posts/on-notation`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    const shown = () =>
      page.evaluate(() => ({
        handover: document.getElementById('__SCHOLIA_POST_HTML__')?.textContent ?? null,
        headings: document.querySelectorAll('.prose h2').length,
        figures: document.querySelectorAll('.prose figure.generated-figure').length,
        text: document.querySelector('.prose')?.textContent?.length ?? 0,
      }))
    const first = await shown()
    expect(first).toMatchObject({ handover: '', figures: 1 })
    expect(first.headings).toBeGreaterThan(0)
    // in the app: away and back renders the essay the app read from the page, with its illustration once
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    await page.getByRole('link', { name: 'On Notation' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'On Notation' }).waitFor()
    expect(await shown()).toEqual(first)
    // another post comes from its page (no data file of it): essay, formulas and all
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('link', { name: 'The Gaussian Integral, Three Ways' }).first().click()
    await page.getByRole('heading', { name: 'Polar coordinates' }).waitFor()
    expect(await page.locator('.prose .katex-display').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    expect(requests).toContain(`${base}/posts/the-gaussian-integral-three-ways/`)
    expect(requests.filter((r) => r.includes('/data/posts/'))).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('searches with the prebuilt index, without a server', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    // a word only the essay's text holds, typed in the search page's box
    await page.goto(`${site()}/search`)
    await page.getByRole('heading', { name: 'Search', exact: true }).waitFor()
    await page.getByRole('searchbox').fill('leibniz')
    await page.getByRole('searchbox').press('Enter')
    await page.getByText('1 result for "leibniz"').waitFor()
    expect(await page.getByRole('link', { name: 'On Notation' }).count()).toBeGreaterThan(0)
    expect(new URL(page.url()).pathname).toBe(`${base}/search`)
    // a shared search address loads the search page's file, which renders the results itself
    await page.goto(`${site()}/search?q=integ`)
    await page.getByText('1 result for "integ"').waitFor()
    await page.goto(`${site()}/search?q=nothing-matches-this`)
    await page.getByText('No posts found').waitFor()
    // the home page's own search box
    await page.goto(`${site()}/?search=notation`)
    await page.getByText('1 post found').waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('answers a missing address with the 404 page', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page, [/\/no\/such\/page$/, /status of 404/])
    const res = await page.goto(`${site()}/no/such/page`)
    expect(res?.status()).toBe(404)
    await page.getByText('Page Not Found').first().waitFor()
    // the page works: its links lead back into the site
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('sends /{slug} on to /posts/{slug}', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    await page.goto(`${site()}/on-notation`)
    await page.waitForURL(`${site()}/posts/on-notation`)
    await page.getByRole('heading', { level: 1, name: 'On Notation' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)

  it('says politely that subscribing needs the live site', async () => {
    const page = await browser.context.newPage()
    const problems = watch(page)
    await page.goto(`${site()}/about`)
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('reader@example.org')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Subscription failed', { exact: true }).waitFor()
    await page
      .getByText(/static copy of the site/)
      .first()
      .waitFor()
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)
})
