import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import Parser from 'rss-parser'
import { servedBlog } from '../helpers/blog.js'

// Issue 20: feeds carry a figure's responsive WebP variants (`srcset`) as well as its `src`, and
// a feed reader shows them away from the site, so every candidate must be an absolute address.
const BASE = 'https://essays.example.org/blog'

let ctx: Awaited<ReturnType<typeof servedBlog>>
beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null, blog: { baseUrl: BASE } })
  const dir = join(ctx.dataDir, '..', 'essays')
  mkdirSync(join(dir, 'img'), { recursive: true })
  const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer()
  writeFileSync(join(dir, 'img', 'plot.png'), png)
  writeFileSync(
    join(dir, 'figures.md'),
    '---\ntitle: A Figure in the Feed\ndate: 2030-01-01\n---\n\nAbove, a plot.\n\n![A blue plot.](img/plot.png)\n',
  )
  const report = await ctx.blog.importer.importPaths([dir])
  expect(report.files.map((f) => f.status)).toEqual(['imported'])
}, 60_000)
afterAll(() => ctx.cleanup())

const text = async (path: string) => (await fetch(`${ctx.server.url}${path}`)).text()
const srcsets = (html: string) => [...html.matchAll(/\ssrcset="([^"]*)"/g)].map((m) => m[1]!)
/** A srcset's addresses; the pipeline writes `URL 640w, URL 1280w`. */
const candidates = (srcset: string) => srcset.split(/,\s+/).map((c) => c.trim().split(/\s+/)[0]!)

async function expectAbsoluteFigure(html: string) {
  const sets = srcsets(html)
  expect(sets.length).toBe(1)
  const urls = candidates(sets[0]!)
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls) {
    expect(url).toMatch(/^https:\/\/essays\.example\.org\/blog\/media\/assets\/[\w-]+\.webp$/)
    // …and it is the variant the site serves at that path.
    const res = await fetch(`${ctx.server.url}${url.slice(BASE.length)}`)
    expect(res.status, url).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
  }
  expect(html).toMatch(/<img [^>]*src="https:\/\/essays\.example\.org\/blog\/media\/assets\/[\w-]+\.png"/)
}

describe('figures in feeds', () => {
  it('gives every srcset candidate an absolute address in RSS, Atom and JSON Feed', async () => {
    const page = await text('/posts/a-figure-in-the-feed')
    // The page itself keeps root-relative variants; the feeds make them absolute.
    expect(srcsets(page).some((s) => s.startsWith('/media/assets/'))).toBe(true)

    const parser = new Parser<Record<string, unknown>, { 'content:encoded'?: string; content?: string }>()
    const rss = await parser.parseString(await text('/rss.xml'))
    await expectAbsoluteFigure(rss.items[0]!['content:encoded']!)
    const atom = await parser.parseString(await text('/atom.xml'))
    await expectAbsoluteFigure(atom.items[0]!.content!)
    const json = JSON.parse(await text('/feed.json')) as { items: { content_html: string }[] }
    await expectAbsoluteFigure(json.items[0]!.content_html)
  })
})
