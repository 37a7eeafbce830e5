import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { ADMIN, fuzzTarget, type FuzzTarget } from '../helpers/fuzz-target.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { THEME_BOOT_SCRIPT } from '../../web/lib/theme.js'

/**
 * Known XSS payloads (tests/fixtures/xss: DOMPurify's fixtures and our markdown-specific ones)
 * go in through every door an author or a visitor has: imported markdown files, an upload,
 * comments (approved), the About page and the footer. Then Chromium opens each page that
 * shows them and proves that no script ran (an `__xss` trap, alert dialogs, CSP script
 * violations), no element carries an on* attribute, and no URL attribute holds a
 * javascript:, vbscript: or data:text/html address. Needs the client build (`npm run build`).
 */
const fixtures = join(projectRoot, 'tests', 'fixtures', 'xss')
const load = (file: string) =>
  (JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as { payload: string }[]).map((p) => p.payload)
const PAYLOADS = [...load('dompurify-payloads.json'), ...load('markdown-payloads.json')]
const CHUNK = 36

let t: FuzzTarget
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>
const importedSlugs: string[] = []
let uploadedSlug = ''
let commentedSlug = ''

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

const FRONTMATTER_ESSAY = `---
title: "<img src=x onerror=__xss(40)> Title </script><script>__xss(41)</script>"
description: "\\" onmouseover=\\"__xss(42)\\" x=\\""
author: "</script><script>__xss(43)</script>"
tags: ["<svg onload=__xss(44)>", "javascript:__xss(45)"]
---

Body of the frontmatter essay.
`

beforeAll(async () => {
  t = await fuzzTarget()
  // Import: markdown files on disk, a few payloads each so one that swallows the rest of its file hides little.
  essays = tempDir('xss-essays-')
  mkdirSync(essays.path, { recursive: true })
  chunks(PAYLOADS, CHUNK).forEach((chunk, i) =>
    writeFileSync(
      join(essays.path, `xss-import-${i + 1}.md`),
      `# Imported payloads ${i + 1} <img src=x onerror=__xss(47)> $\\href{javascript:__xss(48)}{x}$\n\n${chunk.join('\n\n')}\n`,
    ),
  )
  writeFileSync(join(essays.path, 'xss-frontmatter.md'), FRONTMATTER_ESSAY)
  const report = await t.blog.importer.importPaths([essays.path])
  for (const f of report.files) if (f.slug) importedSlugs.push(f.slug)
  expect(importedSlugs.length).toBe(Math.ceil(PAYLOADS.length / CHUNK) + 1)

  // Upload: all payloads in one file, under a hostile name.
  const form = new FormData()
  form.append(
    'files',
    new Blob([`# Uploaded payloads\n\n${PAYLOADS.join('\n\n')}\n`], { type: 'text/markdown' }),
    '<img src=x onerror=__xss(46)>.md',
  )
  const up = await fetch(`${t.server.url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: t.admin.cookieHeader() },
  })
  expect(up.status).toBe(200)
  uploadedSlug = ((await up.json()) as { posts: { slug: string }[] }).posts[0].slug

  // Comments: posted by a visitor, approved by the owner.
  const post = t.blog.store.posts().find((p) => p.status === 'published')!
  commentedSlug = post.slug
  const visitor = t.guest()
  const bodies = chunks(PAYLOADS, Math.ceil(PAYLOADS.length / 4)).map((c) => c.join('\n').slice(0, 5_000))
  for (const text of bodies) {
    const res = await visitor.post<{ comment: { id: number } }>(`/api/posts/${post.id}/comments`, {
      name: '<img src=x onerror=__xss(50)>',
      text,
    })
    expect(res.status).toBe(201)
    expect((await t.admin.patch(`/api/comments/${res.body.comment.id}`, { status: 'approved' })).status).toBe(200)
  }

  // About: every payload as markdown.
  expect((await t.admin.patch('/api/about', { content: PAYLOADS.join('\n\n') })).status).toBe(200)
  browser = await launchBrowser()
  await browser.context.addInitScript(() => {
    const w = window as unknown as { __xssHits: string[]; __xss: (n: unknown) => void }
    w.__xssHits = []
    w.__xss = (n) => w.__xssHits.push(`__xss(${String(n)})`)
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      const original = window[name].bind(window)
      ;(window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        w.__xssHits.push(`${name}(${args.join(',')})`)
        return (original as (...a: unknown[]) => unknown)(...args)
      }
    }
    // A blocked inline handler or script still means markup got through: record it too. The
    // bundle's own `new Function` probe (zod checks whether eval is allowed) is not one.
    document.addEventListener('securitypolicyviolation', (e) => {
      const ownProbe = e.blockedURI === 'eval' && new URL(e.sourceFile, location.href).pathname.startsWith('/assets/')
      if (/script|object|frame/.test(e.violatedDirective) && !ownProbe)
        w.__xssHits.push(
          `csp ${e.violatedDirective}: ${e.sample} blocked=${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        )
    })
  })
})

afterAll(async () => {
  await browser?.close()
  essays?.cleanup()
  await t?.cleanup()
})

/**
 * Everything in the rendered DOM that could run script, but for the page's own theme script
 * (`themeScript`, exactly its text, in <head>): the CSP allows that one text by its hash.
 */
function auditDom(themeScript: string): string[] {
  const URL_ATTRS =
    /^(href|src|action|formaction|xlink:href|poster|background|data|ping|srcset|lowsrc|dynsrc|codebase|cite|longdesc|usemap|manifest|icon|to|values|from|by)$/
  const DANGEROUS = /^(javascript|vbscript|data:text\/html)/
  const found: string[] = []
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase()
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase()
      // Browsers ignore whitespace and control characters around and inside a scheme.
      const value = attr.value
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u205f\u3000\ufeff]/g, '')
        .toLowerCase()
      if (name.startsWith('on')) found.push(`<${tag} ${name}="${attr.value.slice(0, 60)}">`)
      if ((URL_ATTRS.test(name) || name.endsWith(':href')) && DANGEROUS.test(value))
        found.push(`<${tag} ${name}="${attr.value.slice(0, 60)}">`)
      if (name === 'srcdoc') found.push(`<${tag} srcdoc>`)
    }
    if (tag === 'script') {
      const type = el.getAttribute('type') ?? ''
      const src = el.getAttribute('src') ?? ''
      // data blocks: the app's state, JSON-LD, and the essay's HTML handed to the app as text
      const data =
        type === 'application/json' ||
        type === 'application/ld+json' ||
        (type === 'text/plain' && el.id === '__SCHOLIA_POST_HTML__')
      const theme = !type && !src && el.parentElement === document.head && el.textContent === themeScript
      if (!data && !theme && !(src.startsWith('/assets/') && !el.textContent?.trim()))
        found.push(`<script type="${type}" src="${src}">${el.textContent?.slice(0, 60)}`)
    }
    if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal'].includes(tag))
      found.push(`<${tag}>`)
    if (tag === 'meta' && el.hasAttribute('http-equiv') && el.closest('body')) found.push('<meta http-equiv> in body')
  }
  return found
}

interface Verdict {
  url: string
  ran: string[]
  dom: string[]
}

async function inspect(path: string, ready?: (page: Page) => Promise<void>): Promise<Verdict> {
  const page = await browser.context.newPage()
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(`dialog ${d.type()}: ${d.message()}`)
    void d.dismiss()
  })
  try {
    await page.goto(`${t.server.url}${path}`, { waitUntil: 'load' })
    await page.locator('#root, main, body').first().waitFor()
    if (ready) await ready(page)
    await page.waitForLoadState('networkidle')
    const ran = await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits)
    return { url: path, ran: [...ran, ...dialogs], dom: await page.evaluate(auditDom, THEME_BOOT_SCRIPT) }
  } finally {
    await page.close()
  }
}

const expectClean = (v: Verdict) => {
  expect(v.ran, `script ran on ${v.url}`).toEqual([])
  expect(v.dom, `dangerous markup on ${v.url}`).toEqual([])
}

/** The comments load once a reader nears them: scroll down to them, as a reader would. */
const commentsLoaded = async (page: Page) => {
  await page.locator('.comments').scrollIntoViewIfNeeded()
  await page.locator('.comments__loading').waitFor({ state: 'detached' })
}

describe('XSS payloads in the rendered pages', () => {
  it('the trap works: a script that calls __xss is caught', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${t.server.url}/about`)
    await page.evaluate(() => (window as unknown as { __xss: (n: number) => void }).__xss(0))
    expect(await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits)).toEqual(['__xss(0)'])
    expect(await page.evaluate(auditDom, THEME_BOOT_SCRIPT)).toEqual([])
    // …and so does the DOM audit, on markup planted after the page loaded.
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.setAttribute('href', ' java\tscript:__xss(0)')
      a.setAttribute('onclick', '__xss(0)')
      document.body.append(a)
      // only the theme script's exact text is the page's own; any other inline script in <head> counts
      const planted = document.createElement('script')
      planted.textContent = 'void 0'
      document.head.append(planted)
    })
    expect(await page.evaluate(auditDom, THEME_BOOT_SCRIPT)).toHaveLength(3)
    await page.close()
  })

  it('imported markdown files (bodies and frontmatter) and the uploaded file run nothing', async () => {
    for (const slug of [...importedSlugs, uploadedSlug]) expectClean(await inspect(`/posts/${slug}`, commentsLoaded))
    // The payloads did reach the page (what the sanitizer keeps of them is there as text).
    const page = await browser.context.newPage()
    await page.goto(`${t.server.url}/posts/${uploadedSlug}`)
    const text = await page.locator('article, main').first().textContent()
    expect(text).toContain('CLICK ME (bypass by @shafigullin)')
    expect(text).toContain('I am a dolphin!')
    await page.close()
    // The social card draws the hostile title as SVG text: it must still render.
    const hostileTitle = t.blog.store.posts().find((p) => p.source?.path.endsWith('xss-frontmatter.md'))!
    const card = await fetch(`${t.server.url}/og/posts/${hostileTitle.slug}.png`)
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/png'])
  })

  it('approved comments, the About page, the home page and search run nothing', async () => {
    const withComments = await inspect(`/posts/${commentedSlug}`, commentsLoaded)
    expectClean(withComments)
    expectClean(await inspect('/about'))
    expectClean(await inspect('/'))
    const query = encodeURIComponent('</script><script>__xss(90)</script><img src=x onerror=__xss(91)>')
    expectClean(await inspect(`/search?q=${query}&tags=${query}&author=${query}`))
    expectClean(await inspect(`/?search=${query}&tag=${query}`))
    // The comments really are on the page, as text.
    const page = await browser.context.newPage()
    await page.goto(`${t.server.url}/posts/${commentedSlug}`)
    await commentsLoaded(page)
    expect(await page.locator('.comment__name').first().textContent()).toBe('<img src=x onerror=__xss(50)>')
    await page.close()
  })

  it('the footer refuses script addresses, and what it accepts runs nothing', async () => {
    const base = {
      title: '<img src=x onerror=__xss(60)>',
      description: '<script>__xss(61)</script>',
      copyright: '"><svg onload=__xss(62)>',
    }
    for (const url of [
      'javascript:__xss(63)',
      'JAVASCRIPT:__xss(63)',
      ' javascript:__xss(63)',
      'java\tscript:__xss(63)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>__xss(63)</script>',
      '//evil.example/x',
    ]) {
      const socialLinks = JSON.stringify([{ name: 'X', url, icon: 'github' }])
      const linkSections = JSON.stringify([{ title: 'S', links: [{ name: 'L', href: url }] }])
      expect((await t.admin.patch('/api/footer', { ...base, socialLinks, linkSections: '[]' })).status, url).toBe(400)
      expect((await t.admin.patch('/api/footer', { ...base, socialLinks: '[]', linkSections })).status, url).toBe(400)
    }
    const accepted = {
      ...base,
      socialLinks: JSON.stringify([
        { name: '<img src=x onerror=__xss(64)>', url: 'https://example.com/" onmouseover="__xss(65)', icon: 'github' },
      ]),
      linkSections: JSON.stringify([
        {
          title: '<svg onload=__xss(66)>',
          links: [{ name: '</a><script>__xss(67)</script>', href: '/about?"><script>__xss(68)</script>' }],
        },
      ]),
    }
    expect((await t.admin.patch('/api/footer', accepted)).status).toBe(200)
    expectClean(await inspect('/about'))
  })

  it('the owner’s own pages (manage, the post with pending comments) run nothing either', async () => {
    const res = await browser.context.request.post(`${t.server.url}/api/auth/login`, { data: ADMIN })
    expect(res.ok()).toBe(true)
    const pending = t.guest()
    const post = t.blog.store.postBySlug(commentedSlug)!
    expect(
      (
        await pending.post(`/api/posts/${post.id}/comments`, {
          name: 'Pending <svg onload=__xss(70)>',
          text: PAYLOADS.slice(0, 20).join('\n').slice(0, 5_000),
        })
      ).status,
    ).toBe(201)
    expectClean(await inspect(`/posts/${commentedSlug}`, commentsLoaded))
    expectClean(await inspect(`/posts/${uploadedSlug}`, commentsLoaded))
    expectClean(await inspect('/manage'))
  })
})
