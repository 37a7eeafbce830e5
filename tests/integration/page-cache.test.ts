import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { PageRenderer } from '../../src/server/ssr/page-renderer.js'
import type { ClientAssets } from '../../src/server/ssr/client-assets.js'
import { indexCriticalCss } from '../../src/server/ssr/critical-css.js'
import { fixtureSite } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'

const assets: ClientAssets = {
  head: '',
  styles: '',
  deferredStyles: '',
  critical: indexCriticalCss([]),
  script: '',
  ownerHead: '',
  available: false,
}

let tmp: ReturnType<typeof tempDir>
let blog: Blog
let urls: string[]
/** Each page's size in the cache: its HTML, its URL and its ETag (no compressed form yet). */
const size = new Map<string, number>()
beforeAll(async () => {
  tmp = tempDir('page-cache-')
  blog = await createBlog({ dataDir: tmp.path, ownerName: 'Site Owner', bcryptCost: 10, env: {}, log: () => {} })
  await blog.importer.importPaths([fixtureSite])
  urls = [...blog.posts.visible(GUEST).map((p) => `/posts/${p.slug}`), '/', '/search'].slice(0, 3)
  const roomy = new PageRenderer(blog, assets)
  for (const url of urls) {
    const page = await roomy.page(url, GUEST)
    size.set(url, page.content.body.length + url.length + page.etag.length)
  }
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe('the page cache', () => {
  it('holds pages up to a budget in bytes, evicting the least recently used', async () => {
    const [a, b, c] = urls
    expect(new Set(urls).size).toBe(3)
    const pages = new PageRenderer(blog, assets, { cacheBytes: size.get(a)! + size.get(b)! + size.get(c)! - 1 })
    await pages.page(a, GUEST)
    await pages.page(b, GUEST)
    expect(pages.cachedBytes).toBe(size.get(a)! + size.get(b)!)
    await pages.page(a, GUEST) // a is now used more recently than b
    await pages.page(c, GUEST) // one byte short of room for all three
    expect(pages.cached(b)).toBeUndefined()
    expect(pages.cached(a)).toBeDefined()
    expect(pages.cached(c)).toBeDefined()
    expect(pages.cachedBytes).toBe(size.get(a)! + size.get(c)!)
  })

  it('counts the compressed forms made after a page was cached', async () => {
    const [a, b] = urls
    const pages = new PageRenderer(blog, assets, { cacheBytes: size.get(a)! + size.get(b)! + 100 })
    const first = await pages.page(a, GUEST)
    await pages.page(b, GUEST)
    const br = first.content.as('br')
    const gzip = first.content.as('gzip')
    expect(br.length).toBeGreaterThan(100)
    // a grew past the budget with its brotli copy: b, used less recently, made room
    expect(pages.cached(b)).toBeUndefined()
    expect(pages.cached(a)).toBe(first)
    expect(pages.cachedBytes).toBe(size.get(a)! + br.length + gzip.length)
  })

  it('does not keep a page larger than the whole budget', async () => {
    const [a] = urls
    const pages = new PageRenderer(blog, assets, { cacheBytes: size.get(a)! - 1 })
    const page = await pages.page(a, GUEST)
    expect(page.status).toBe(200)
    expect(pages.cached(a)).toBeUndefined()
    expect(pages.cachedBytes).toBe(0)
  })
})
