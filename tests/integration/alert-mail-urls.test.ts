import { describe, it, expect, afterAll, beforeAll } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { eventually } from '../helpers/cli.js'
import { decodeQuotedPrintable, outboxFiles } from '../helpers/outbox.js'

// Issue 20: "feeds and e-mail use absolute URLs". A mail is read away from the site, so any
// address in it — links, and figures should a mail ever carry them — must be absolute and come
// from the configured base URL (here one with a path), never be root-relative like the page's.
const BASE = 'https://essays.example.org/blog'

let ctx: Awaited<ReturnType<typeof servedBlog>>
beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null, blog: { baseUrl: BASE } })
})
afterAll(() => ctx.cleanup())

/** The HTML part of an .eml written by the outbox mailer (multipart/alternative), decoded. */
function htmlPart(eml: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)![1]!
  const part = eml.split(`--${boundary}`).find((p) => /^Content-Type: text\/html/im.test(p))!
  return decodeQuotedPrintable(part.slice(part.search(/\r?\n\r?\n/)).trim())
}

describe('new-post alert mail', () => {
  it('has only absolute addresses under the base URL, also for a post with figures and relative links', async () => {
    expect((await new ApiClient(ctx.server.url).post('/api/subscribe', { email: 'reader@example.org' })).status).toBe(
      201,
    )
    await ctx.blog.alerts.run()

    const dir = join(ctx.dataDir, '..', 'essays')
    mkdirSync(join(dir, 'img'), { recursive: true })
    writeFileSync(
      join(dir, 'img', 'plot.png'),
      await sharp({ create: { width: 700, height: 400, channels: 3, background: '#2a5aa0' } })
        .png()
        .toBuffer(),
    )
    const today = new Date().toISOString().slice(0, 10)
    writeFileSync(
      join(dir, 'fresh.md'),
      `---\ntitle: Fresh Figures\ndate: ${today}\ndescription: A plot and a note, see [the other](other.md).\n---\n\nA plot.\n\n![A blue plot.](img/plot.png)\n\nA [relative link](other.md) and a [note](#sec).\n`,
    )
    await ctx.blog.importer.importPaths([dir])
    // The post's own page does use root-relative figure addresses, so the check below means something.
    expect(await (await fetch(`${ctx.server.url}/posts/fresh-figures`)).text()).toMatch(/src="\/media\/assets\//)

    await eventually(async () => expect(outboxFiles(ctx.dataDir)).toHaveLength(1))
    const eml = readFileSync(outboxFiles(ctx.dataDir)[0]!, 'utf8')
    const html = htmlPart(eml)
    expect(html).toMatch(/^<h1[^>]*>Fresh Figures<\/h1>/)
    expect(html).toContain('Unsubscribe</a>')
    const addresses = [...html.matchAll(/\s(?:href|src|srcset|poster)="([^"]*)"/g)].map((m) => m[1]!)
    expect(addresses.length).toBeGreaterThanOrEqual(2)
    for (const url of addresses)
      expect(url).toMatch(/^https:\/\/essays\.example\.org\/blog\/(posts\/fresh-figures|api\/unsubscribe\?token=)/)
    expect(html).toContain(`href="${BASE}/posts/fresh-figures"`)
    // No root-relative media address anywhere in the mail, text part included.
    expect(decodeQuotedPrintable(eml)).not.toMatch(/(^|[\s"'(])\/media\//m)
  })
})
