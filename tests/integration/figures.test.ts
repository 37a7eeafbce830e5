import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { servedBlog } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'
import type { ImportReport } from '../../src/importer/import-service.js'

let ctx: Awaited<ReturnType<typeof servedBlog>>
let essays: ReturnType<typeof tempDir>
let report: ImportReport
let page: string

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100"/></svg>'

beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null })
  essays = tempDir('figures-')
  mkdirSync(join(essays.path, 'posts'), { recursive: true })
  mkdirSync(join(essays.path, 'img'), { recursive: true })
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer()
  writeFileSync(join(essays.path, 'img', 'chart.png'), png)
  writeFileSync(join(essays.path, 'img', 'diagram.svg'), svg)
  writeFileSync(join(essays.path, 'favicon.ico'), await icoOf(32))
  writeFileSync(
    join(essays.path, 'posts', 'figures.md'),
    '# Figures at work\n\nSome prose.\n\n![A chart of results.](../img/chart.png)\n\n![The diagram.](/img/diagram.svg)\n\n![Lost figure.](../img/lost.png)\n\nThe site’s icon: ![favicon](/favicon.ico)\n',
  )
  report = await ctx.blog.importer.importPaths([essays.path])
  page = await (await fetch(`${ctx.server.url}/posts/figures-at-work`)).text()
})
afterAll(async () => {
  await ctx.cleanup()
  essays.cleanup()
})

/** A Windows icon holding one PNG image, as favicons are saved today. */
async function icoOf(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: size, height: size, channels: 4, background: '#c33' } })
    .png()
    .toBuffer()
  const header = Buffer.alloc(22)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // the image follows the directory
  return Buffer.concat([header, png])
}

const srcOf = (pattern: RegExp) => pattern.exec(page)?.[1] ?? ''

describe('an essay with figures, imported from its folder', () => {
  it('imports, reporting the missing figure as a warning', () => {
    expect(report.summary).toMatchObject({ imported: 1, failed: 0 })
    expect(report.files[0].warnings).toEqual(['Figure not found: ../img/lost.png'])
  })

  it('shows each figure from the site’s media, sized, with its caption; the missing one as a placeholder', () => {
    expect(page).toMatch(
      /<img src="\/media\/assets\/[0-9a-f]{20}\.png" alt="A chart of results\." loading="lazy" decoding="async" width="1600" height="900">/,
    )
    expect(page).toMatch(
      /<img src="\/media\/assets\/[0-9a-f]{20}\.svg" alt="The diagram\." loading="lazy" decoding="async" width="200" height="100">/,
    )
    expect(page).toContain('<figcaption>A chart of results.</figcaption>')
    expect(page).toContain(
      '<figure class="figure-missing"><span class="figure-missing-note">Figure not available</span><figcaption>Lost figure.</figcaption></figure>',
    )
  })

  it('serves a stored PNG with its type, immutable caching and nosniff', async () => {
    const res = await fetch(ctx.server.url + srcOf(/<img src="(\/media\/assets\/[0-9a-f]{20}\.png)"/))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1600)
  })

  it('shows and serves an icon (.ico) the essay points at, as a browser shows it', async () => {
    const src = srcOf(/<img src="(\/media\/assets\/[0-9a-f]{20}\.ico)" alt="favicon"[^>]* width="32" height="32">/)
    expect(src).not.toBe('')
    const res = await fetch(ctx.server.url + src)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/vnd.microsoft.icon')
    expect(Buffer.from(await res.arrayBuffer()).equals(await icoOf(32))).toBe(true)
  })

  it('serves an SVG so that it can never run script, even opened on its own', async () => {
    const res = await fetch(ctx.server.url + srcOf(/<img src="(\/media\/assets\/[0-9a-f]{20}\.svg)"/))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
  })

  it('makes the WebP variants the page offers on first request, at the width it says', async () => {
    const srcset = srcOf(/<source type="image\/webp" srcset="([^"]+)"/)
    const first = srcset.split(', ')[0].split(' ')
    expect(first[1]).toBe('640w')
    const res = await fetch(ctx.server.url + first[0])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360])
  })

  it('answers 404 to anything that is not a stored file', async () => {
    for (const path of [
      '/media/assets/0123456789abcdef0123.png',
      '/media/assets/..%2F..%2Fdb.json',
      '/media/assets/0123456789abcdef0123-w300.webp',
      '/media/assets/',
    ]) {
      expect((await fetch(ctx.server.url + path)).status, path).toBe(404)
    }
  })

  it('a repeated import finds nothing to do; a figure that appears later is picked up', async () => {
    expect((await ctx.blog.importer.importPaths([essays.path])).summary).toMatchObject({ unchanged: 1 })
    writeFileSync(
      join(essays.path, 'img', 'lost.png'),
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    )
    const again = await ctx.blog.importer.importPaths([essays.path])
    expect(again.summary).toMatchObject({ updated: 1 })
    expect(again.files[0].warnings).toEqual([])
  })
})
