import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Parser from 'rss-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { eventually } from '../helpers/cli.js'
import { decodeQuotedPrintable, outboxFiles } from '../helpers/outbox.js'
import { FEED_PATHS } from '../../src/feeds/types.js'
import { GUEST } from '../../src/core/viewer.js'

// Issue 24: KaTeX writes each formula twice (its visual HTML and its MathML); without KaTeX's CSS,
// which no feed reader and few mail clients have, readers saw every formula twice. Feeds now carry
// each formula once, as MathML with its TeX annotation, and the equation numbers stay readable.
const BASE = 'https://essays.example.org/blog'
const today = new Date().toISOString().slice(0, 10)
const ESSAY = `---
title: Math in the Feed
date: ${today}
tags: [math]
---

Euler's identity $e^{i\\pi} + 1 = 0$ links five constants, and $a^2 + b^2 = c^2$ is Pythagoras.

$$ \\label{eq:gauss}
\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}
$$

Two functions, one number per row:

$$
\\begin{align}
f(x) &= x^2 \\label{eq:f} \\\\
g(x) &= 2x \\label{eq:g}
\\end{align}
$$

And a display without a number:

$$ \\sum_{k=1}^{n} k = \\frac{n(n+1)}{2} $$
`
/** Two inline formulas and three displays. */
const FORMULAS = 5
const SLUG = 'math-in-the-feed'

let ctx: Awaited<ReturnType<typeof servedBlog>>
beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null, blog: { baseUrl: BASE } })
  // A subscriber before the post exists, so that publishing it sends an alert.
  expect((await new ApiClient(ctx.server.url).post('/api/subscribe', { email: 'reader@example.org' })).status).toBe(201)
  await ctx.blog.alerts.run()
  const dir = join(ctx.dataDir, '..', 'essays')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'math.md'), ESSAY)
  const report = await ctx.blog.importer.importPaths([dir])
  expect(report.files.map((f) => f.status)).toEqual(['imported'])
}, 60_000)
afterAll(() => ctx.cleanup())

const text = async (path: string) => (await fetch(`${ctx.server.url}${path}`)).text()
const count = (html: string, what: string) => html.split(what).length - 1
/** The text a reader without MathML support sees: tags and the TeX annotations left out. */
const visibleText = (html: string) =>
  html
    .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;|&lt;/g, '<')

function expectMathOnce(html: string) {
  expect(count(html, '<math')).toBe(FORMULAS)
  expect(count(html, '<annotation encoding="application/x-tex">')).toBe(FORMULAS)
  expect(html).not.toContain('katex-html')
  expect(count(html, 'display="block"')).toBe(3)
  const seen = visibleText(html)
  // MathML's text of e^{iπ}+1=0 and of the sum's right side, once each (the visual copy made it twice).
  expect(count(seen, 'eiπ+1=0')).toBe(1)
  expect(count(seen, 'n(n+1)')).toBe(1)
  // The three equation numbers, each once: one from a formula-wide \tag, two from align rows.
  for (const n of ['(1)', '(2)', '(3)']) expect(count(seen, n), n).toBe(1)
  expect(html).toContain('<mtd class="mml-eqn-num"><mtext>(2)</mtext></mtd>')
}

describe('math in feeds', () => {
  it('is stored twice per formula, which is what the feeds must not pass on', async () => {
    const stored = await ctx.blog.posts.get(SLUG, GUEST)
    expect(count(stored.html, 'class="katex"')).toBe(FORMULAS)
    expect(count(stored.html, 'katex-html')).toBe(FORMULAS)
  })

  it('RSS, Atom and JSON Feed carry each formula once, as MathML with its TeX, in valid XML', async () => {
    const parser = new Parser<
      Record<string, unknown>,
      { 'content:encoded'?: string; content?: string; link?: string }
    >()
    const rss = await text(FEED_PATHS.rss)
    expect(XMLValidator.validate(rss)).toBe(true)
    const rssItem = (await parser.parseString(rss)).items[0]!
    expect(rssItem.link).toBe(`${BASE}/posts/${SLUG}`)
    expectMathOnce(rssItem['content:encoded']!)

    const atom = await text(FEED_PATHS.atom)
    expect(XMLValidator.validate(atom)).toBe(true)
    // fast-xml-parser reads the escaped HTML back as the same string a feed reader gets.
    const parsed = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false }).parse(
      atom,
    ) as { feed: { entry: { content: { '#text': string } } } }
    expectMathOnce(parsed.feed.entry.content['#text'])
    expectMathOnce((await parser.parseString(atom)).items[0]!.content!)

    const json = JSON.parse(await text(FEED_PATHS.json)) as { items: { content_html: string }[] }
    expectMathOnce(json.items[0]!.content_html)
  })
})

/** The HTML part of an .eml the outbox mailer wrote (multipart/alternative), decoded. */
function mailParts(eml: string): { text: string; html: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)![1]!
  const parts = eml.split(`--${boundary}`)
  const body = (type: string) => {
    const part = parts.find((p) => new RegExp(`^Content-Type: text/${type}`, 'im').test(p))!
    return decodeQuotedPrintable(part.slice(part.search(/\r?\n\r?\n/)).trim())
  }
  return { text: body('plain'), html: body('html') }
}

describe('math in the new-post alert', () => {
  // The alert carries the title, the excerpt (plain text, formulas as readable text such as
  // "a² + b² = c²") and a link: no formula markup at all, so nothing can show twice. A formula
  // text cannot show as the page does (e^{iπ}: π has no superscript) is left out, never "e^(iπ)".
  it('shows each formula of the excerpt once, as text, without KaTeX markup', async () => {
    await eventually(async () => expect(outboxFiles(ctx.dataDir)).toHaveLength(1))
    const { text: plain, html } = mailParts(readFileSync(outboxFiles(ctx.dataDir)[0]!, 'utf8'))
    const excerpt = ctx.blog.store.postBySlug(SLUG)!.excerpt
    expect(excerpt).toContain('a² + b² = c²')
    expect(excerpt).toContain('Euler’s identity … links five constants')
    for (const body of [plain, html]) {
      expect(body).not.toMatch(/katex|<math|\\pi|\^\(/)
      expect(count(body, 'a² + b² = c²')).toBe(1)
      expect(count(body, 'links five constants')).toBe(1)
    }
  })
})
