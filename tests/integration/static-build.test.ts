import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { XMLParser } from 'fast-xml-parser'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { buildStaticSite, type BuildReport } from '../../src/build/static-build.js'
import { BUILD_MARKER } from '../../src/build/output-dir.js'
import { MANIFEST_FILE } from '../../src/build/output-files.js'
import { fixtureSite } from '../helpers/blog.js'
import { blog as runBlog } from '../helpers/cli.js'
import { tempDir } from '../helpers/temp-dir.js'

const DRAFT_SLUG = 'an-unfinished-draft'
const POSTS = ['the-gaussian-integral-three-ways', 'on-notation']
const ADMIN = { userId: 1, role: 'admin' }
const PNG = Buffer.from('89504e470d0a1a0a', 'hex')
const BANNER = 'banner-0123456789abcdef0123.png'
let gaussId: number
let draftId: number

/** Every file under `dir`, as paths relative to it, with '/' separators. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split('\\').join('/'))
    .sort()
}
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8')
/** The <head> of a page: what assertions about tags look at (and print when they fail). */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
const isText = (file: string) => /\.(html|json|xml|txt|css|js|svg)$/.test(file) || file === BUILD_MARKER
/** The post a static post page carries in its state, and the state's raw text. */
function stateOf(page: string): { post: { slug: string; html: string; bannerImage: string | null }; raw: string } {
  const raw = /<script type="application\/json" id="__SCHOLIA_STATE__">([\s\S]*?)<\/script>/.exec(page)![1]
  const state = JSON.parse(raw) as { dehydrated: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
  const query = state.dehydrated.queries.find(
    (q) => q.queryKey[0] === '/api/posts' && typeof q.queryKey[1] === 'string',
  )!
  return { post: query.state.data as { slug: string; html: string; bannerImage: string | null }, raw }
}

const tmp = tempDir('static-build-')
const dataDir = join(tmp.path, 'data')
let blog: Blog

beforeAll(async () => {
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })
  // one essay links to another by its site address, which a sub-path build must move
  appendFileSync(
    join(essays, 'on-notation.md'),
    '\nSee also [the Gaussian integral](/posts/the-gaussian-integral-three-ways).\n',
  )
  blog = await createBlog({ dataDir, baseUrl: 'https://example.org', env: {}, log: () => {} })
  await blog.importer.importPaths([essays])
  // A banner for a published essay and one for the draft: only the first may be copied.
  gaussId = blog.store.postBySlug(POSTS[0])!.id
  draftId = blog.store.postBySlug(DRAFT_SLUG)!.id
  for (const id of [gaussId, draftId]) {
    mkdirSync(join(dataDir, 'media', 'posts', String(id)), { recursive: true })
    writeFileSync(join(dataDir, 'media', 'posts', String(id), BANNER), PNG)
    await blog.editor.update(ADMIN, id, { bannerImage: `/media/posts/${id}/${BANNER}` })
  }
}, 120_000)

afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

describe('blog build at the root of the host', () => {
  const out = join(tmp.path, 'site')
  let report: BuildReport

  beforeAll(async () => {
    report = await buildStaticSite(blog, { out })
  }, 120_000)

  it('writes every public page, the feeds, the data and the media', () => {
    const files = filesIn(out)
    for (const f of [
      'index.html',
      '404.html',
      'about/index.html',
      'search/index.html',
      ...POSTS.map((s) => `posts/${s}/index.html`),
      ...POSTS.map((s) => `${s}/index.html`),
      'rss.xml',
      'atom.xml',
      'feed.json',
      'sitemap.xml',
      'robots.txt',
      'data/posts.json',
      'data/about.json',
      'data/footer.json',
      'data/search.json',
      `media/posts/${gaussId}/${BANNER}`,
      // the essay without a banner gets its drawn social card
      'og/posts/on-notation.png',
      BUILD_MARKER,
      MANIFEST_FILE,
    ]) {
      expect(files, f).toContain(f)
    }
    // a post's page carries the post: there is no data file of it
    expect(files.some((f) => f.startsWith('data/posts/'))).toBe(false)
    expect(files.some((f) => f.startsWith(`media/posts/${draftId}/`))).toBe(false)
    expect(report).toMatchObject({
      out,
      siteUrl: 'https://example.org',
      base: '',
      posts: 2,
      pages: 6,
      redirects: 2,
      media: 1,
      cards: 1,
      files: files.length,
      rendered: 6,
      kept: 0,
    })
    // everything but the marker and the manifest went through the build's writer
    expect(report.written).toBe(files.length - 2)
    const card = readFileSync(join(out, 'og/posts/on-notation.png'))
    expect([card.readUInt32BE(16), card.readUInt32BE(20)]).toEqual([1200, 630])
    // a palette PNG (colour type 3): og:image wants PNG or JPEG, and a quarter of the bytes will do
    expect(card[25]).toBe(3)
    expect(report.bytes).toBe(files.reduce((n, f) => n + statSync(join(out, f)).size, 0))
  })

  it('leaves the draft out of every file, names included', () => {
    for (const file of filesIn(out)) {
      expect(file).not.toContain(DRAFT_SLUG)
      if (!isText(file)) continue
      const text = read(out, file)
      expect(text.includes(DRAFT_SLUG), file).toBe(false)
      expect(text.includes('An Unfinished Draft'), file).toBe(false)
    }
  })

  it('gives pages absolute canonical, og and feed addresses on the public address', () => {
    const html = headOf(read(out, 'posts/the-gaussian-integral-three-ways/index.html'))
    const url = 'https://example.org/posts/the-gaussian-integral-three-ways'
    expect(html).toContain(`<link rel="canonical" href="${url}">`)
    expect(html).toContain(`<meta property="og:url" content="${url}">`)
    expect(html).toContain(`<meta property="og:image" content="https://example.org/media/posts/${gaussId}/${BANNER}">`)
    expect(headOf(read(out, 'posts/on-notation/index.html'))).toMatch(
      /<meta property="og:image" content="https:\/\/example\.org\/og\/posts\/on-notation\.png\?v=\w+">/,
    )
    expect(html).toContain('href="https://example.org/rss.xml"')
    // the alias page points at the canonical address
    const alias = read(out, 'on-notation/index.html')
    expect(alias).toContain('<link rel="canonical" href="https://example.org/posts/on-notation">')
    expect(alias).toContain('<meta http-equiv="refresh" content="0; url=/posts/on-notation">')
  })

  it('writes feeds and a sitemap that parse, with every published post', () => {
    const xml = new XMLParser()
    const sitemap = xml.parse(read(out, 'sitemap.xml')) as { urlset: { url: { loc: string }[] } }
    const locs = sitemap.urlset.url.map((u) => u.loc).sort()
    expect(locs).toEqual(
      [
        'https://example.org/',
        'https://example.org/about',
        ...POSTS.map((s) => `https://example.org/posts/${s}`),
      ].sort(),
    )
    const rss = xml.parse(read(out, 'rss.xml')) as { rss: { channel: { item: { link: string }[] } } }
    expect(rss.rss.channel.item.map((i) => i.link).sort()).toEqual(
      POSTS.map((s) => `https://example.org/posts/${s}`).sort(),
    )
    const feed = JSON.parse(read(out, 'feed.json')) as { items: { url: string }[] }
    expect(feed.items).toHaveLength(2)
    expect(read(out, 'robots.txt')).toContain('Sitemap: https://example.org/sitemap.xml')
  })

  it('writes the data the client reads in place of the API, as a guest sees it', () => {
    const list = JSON.parse(read(out, 'data/posts.json')) as { slug: string; status: string }[]
    expect(list.map((p) => p.slug).sort()).toEqual([...POSTS].sort())
    expect(list.every((p) => p.status === 'published')).toBe(true)
    const index = JSON.parse(read(out, 'data/search.json')) as {
      version: number
      posts: { slug: string; words: string }[]
    }
    expect(index.version).toBe(2)
    expect(index.posts.map((p) => p.slug).sort()).toEqual([...POSTS].sort())
    expect(index.posts.find((p) => p.slug === 'on-notation')!.words.split(' ')).toContain('leibniz')
    // every page tells the browser app it is static, and for which address it was rendered
    expect(read(out, 'index.html')).toContain('<meta name="scholia-static" content="/" data-base="">')
    expect(read(out, '404.html')).toMatch(/<meta name="scholia-static" content="" data-base=""/)
  })

  it('carries the essay once: in the article, with an empty state copy and an empty handover element', () => {
    for (const slug of POSTS) {
      const page = read(out, `posts/${slug}/index.html`)
      const { post, raw } = stateOf(page)
      expect(post.slug).toBe(slug)
      expect(post.html).toBe('')
      expect(page).toContain('<script type="text/plain" id="__SCHOLIA_POST_HTML__"></script>')
      // a heading of the essay is in the page once: the article's
      const heading = /<h2[^>]*>[\s\S]*?<\/h2>/.exec(page.slice(page.indexOf('class="prose"')))![0]
      expect(page.split(heading).length, slug).toBe(2)
      expect(raw).not.toContain('<h2')
    }
    // the Gaussian integral's formulas are in its page once each
    const gauss = read(out, `posts/${POSTS[0]}/index.html`)
    const formula = /<span class="katex-display"[^>]*>[\s\S]*?<\/annotation>/.exec(gauss)![0]
    expect(gauss.split(formula).length).toBe(2)
  })

  it("leaves the essay's markdown source out of its page: the owner's editor reads it, and a static copy has none", async () => {
    const meta = blog.store.postBySlug('on-notation')!
    const source = (await blog.store.body(meta)).content
    expect(source).toContain('## Symbols as tools')
    const page = read(out, 'posts/on-notation/index.html')
    expect((stateOf(page).post as { content?: string }).content).toBe('')
    expect(page).not.toContain('## Symbols as tools')
    // what the page shows of it is there: the heading, rendered
    expect(page).toMatch(/<h2[^>]*>(<[^>]+>)*Symbols as tools/)
  })

  it('puts brotli and gzip copies beside each text file of 1 kB or more, which decompress to it', () => {
    const files = filesIn(out)
    // (the build's own manifest is no file of the site)
    const text = files.filter((f) => /\.(html|js|css|json|svg|xml)$/.test(f) && f !== MANIFEST_FILE)
    expect(text.filter((f) => statSync(join(out, f)).size >= 1024).length).toBeGreaterThan(10)
    for (const f of text) {
      const bytes = readFileSync(join(out, f))
      if (bytes.length < 1024) {
        expect(files, f).not.toContain(`${f}.gz`)
        continue
      }
      expect(brotliDecompressSync(readFileSync(join(out, `${f}.br`))).equals(bytes), `${f}.br`).toBe(true)
      expect(gunzipSync(readFileSync(join(out, `${f}.gz`))).equals(bytes), `${f}.gz`).toBe(true)
    }
    // never beside images or fonts
    expect(files.some((f) => /\.(png|woff2)\.(br|gz)$/.test(f))).toBe(false)
  })

  it('writes the same bytes from the same data', async () => {
    const again = join(tmp.path, 'site-again')
    await buildStaticSite(blog, { out: again })
    const files = filesIn(out)
    expect(filesIn(again)).toEqual(files)
    for (const f of files) expect(readFileSync(join(again, f)).equals(readFileSync(join(out, f))), f).toBe(true)
  })
})

describe('blog build --base /sub (the command)', () => {
  const out = join(tmp.path, 'sub-site')
  let report: BuildReport

  beforeAll(async () => {
    // the CLI opens the data folder itself
    await blog.close()
    const result = await runBlog(['build', '--out', out, '--base', '/sub', '--data', dataDir, '--json'], {
      env: { BLOG_BASE_URL: 'https://example.org' },
    })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    report = JSON.parse(result.stdout) as BuildReport
    blog = await createBlog({ dataDir, baseUrl: 'https://example.org', env: {}, log: () => {} })
  }, 180_000)

  it('prints one JSON summary', () => {
    expect(report).toMatchObject({
      out,
      siteUrl: 'https://example.org/sub',
      base: '/sub',
      pages: 6,
      posts: 2,
      redirects: 2,
      media: 1,
      cards: 1,
      warnings: [],
    })
    expect(report.files).toBe(filesIn(out).length)
    expect(report.ms).toBeGreaterThan(0)
  })

  it('puts every site address in the HTML under /sub/', () => {
    const html = filesIn(out).filter((f) => f.endsWith('.html'))
    expect(html.length).toBe(8)
    for (const file of html) {
      const text = read(out, file)
      const addresses = [...text.matchAll(/\s(?:href|src|action)="(\/[^"]*)"/g)].map((m) => m[1])
      expect(addresses.length, file).toBeGreaterThan(0)
      for (const a of addresses) expect(a, `${file}: ${a}`).toMatch(/^\/sub\//)
      expect(/\s(?:href|src)="https:\/\/example\.org\/(?!sub\/)/.test(text), file).toBe(false)
      // the fonts named by a page's inlined styles, too
      const style = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? ''
      for (const [, url] of style.matchAll(/url\(["']?([^"')]+)/g))
        expect(url, `${file}: ${url}`).toMatch(/^(?:\/sub\/|data:)/)
    }
    const inlined =
      /<style>([\s\S]*?)<\/style>/.exec(read(out, 'posts/the-gaussian-integral-three-ways/index.html'))?.[1] ?? ''
    expect(inlined, 'a post inlines the fonts its formulas use').toMatch(
      /url\(\/sub\/assets\/KaTeX_Main-Regular-[\w-]+\.woff2\)/,
    )
    const post = headOf(read(out, 'posts/the-gaussian-integral-three-ways/index.html'))
    expect(post).toContain(
      '<link rel="canonical" href="https://example.org/sub/posts/the-gaussian-integral-three-ways">',
    )
    expect(post).toContain(
      `<meta property="og:image" content="https://example.org/sub/media/posts/${gaussId}/${BANNER}">`,
    )
    expect(post).toMatch(
      /<meta name="scholia-static" content="\/posts\/the-gaussian-integral-three-ways" data-base="\/sub"/,
    )
    expect(read(out, 'on-notation/index.html')).toContain('content="0; url=/sub/posts/on-notation"')
  })

  it("gives the essay's own addresses under /sub/ once, in the article that is its one copy", () => {
    const page = read(out, `posts/${POSTS[1]}/index.html`)
    expect(page).toContain('href="/sub/posts/the-gaussian-integral-three-ways"')
    expect(page.split('/sub/posts/the-gaussian-integral-three-ways"').length).toBeGreaterThan(1)
    expect(page).not.toContain('/sub/sub/')
    expect(stateOf(page).post.html).toBe('')
  })

  it("moves the data's own addresses under /sub/ too, and the feeds, sitemap and robots.txt", () => {
    const list = JSON.parse(read(out, 'data/posts.json')) as { slug: string; bannerImage: string | null }[]
    expect(list.find((p) => p.slug === POSTS[0])!.bannerImage).toBe(`/sub/media/posts/${gaussId}/${BANNER}`)
    const { post } = stateOf(read(out, `posts/${POSTS[0]}/index.html`))
    expect(post.bannerImage).toBe(`/sub/media/posts/${gaussId}/${BANNER}`)
    expect(read(out, 'sitemap.xml')).toContain('<loc>https://example.org/sub/posts/on-notation</loc>')
    expect(read(out, 'rss.xml')).toContain('https://example.org/sub/posts/on-notation')
    expect(read(out, 'robots.txt')).toContain('Sitemap: https://example.org/sub/sitemap.xml')
    expect(existsSync(join(out, 'media', 'posts', String(gaussId), BANNER))).toBe(true)
  })
})

describe('blog build --out safety', () => {
  it('refuses a folder with other files in it, and leaves them alone', async () => {
    const out = join(tmp.path, 'precious')
    mkdirSync(out)
    writeFileSync(join(out, 'thesis.tex'), 'years of work')
    await expect(buildStaticSite(blog, { out })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('does not look like an earlier build'),
    })
    expect(readdirSync(out)).toEqual(['thesis.tex'])
    // and nothing is left beside it
    expect(readdirSync(tmp.path).filter((f) => f.includes('.building-'))).toEqual([])
  })

  it('replaces an earlier build as a whole, and writes into an empty folder', async () => {
    const out = join(tmp.path, 'again')
    mkdirSync(out)
    await buildStaticSite(blog, { out })
    writeFileSync(join(out, 'stale.html'), 'from before')
    await buildStaticSite(blog, { out })
    expect(existsSync(join(out, 'stale.html'))).toBe(false)
    expect(existsSync(join(out, 'index.html'))).toBe(true)
    expect(readdirSync(tmp.path).filter((f) => f.includes('.building-'))).toEqual([])
  })

  it('checks --base against the site address', async () => {
    const out = join(tmp.path, 'never')
    await expect(buildStaticSite(blog, { out, base: '../up' })).rejects.toMatchObject({ code: 'VALIDATION' })
    const other = await createBlog({
      dataDir: join(tmp.path, 'other-data'),
      baseUrl: 'https://example.org/blog',
      env: {},
      log: () => {},
    })
    try {
      await expect(buildStaticSite(other, { out, base: '/else' })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining('does not match'),
      })
      // the address's own path is the base when --base is not given
      const report = await buildStaticSite(other, { out })
      expect(report).toMatchObject({ siteUrl: 'https://example.org/blog', base: '/blog', posts: 0 })
      expect(read(out, 'index.html')).toContain('data-base="/blog"')
    } finally {
      await other.close()
    }
  })
})

describe('blog build again (incremental)', () => {
  const own = tempDir('static-build-again-')
  const out = join(own.path, 'site')
  let site: Blog
  let first: BuildReport
  const FIGURES = 'figures-at-work'
  /** The file's inode: a kept file is the earlier build's, linked, not written again. */
  const inode = (file: string) => statSync(join(out, file)).ino

  beforeAll(async () => {
    const essays = join(own.path, 'essays')
    cpSync(fixtureSite, essays, { recursive: true })
    mkdirSync(join(essays, 'img'), { recursive: true })
    writeFileSync(
      join(essays, 'img', 'chart.png'),
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a7' } })
        .png()
        .toBuffer(),
    )
    writeFileSync(
      join(essays, 'figures.md'),
      '# Figures at work\n\nSome prose about a chart, long enough to be a paragraph.\n\n![A chart of results.](img/chart.png)\n',
    )
    site = await createBlog({ dataDir: join(own.path, 'data'), baseUrl: 'https://example.org', env: {}, log: () => {} })
    await site.importer.importPaths([essays])
    first = await buildStaticSite(site, { out })
  }, 120_000)

  afterAll(async () => {
    await site?.close()
    own.cleanup()
  })

  it('shows raster figures as WebP with the original as the fallback, alt and size kept', () => {
    const page = read(out, `posts/${FIGURES}/index.html`)
    const picture =
      /<picture><source type="image\/webp" srcset="([^"]+)"[^>]*><img src="(\/media\/assets\/[0-9a-f]{20}\.png)" alt="A chart of results\." [^>]*width="1600" height="900"><\/picture>/.exec(
        page,
      )
    expect(picture, 'a <picture> with a WebP source and the PNG').not.toBeNull()
    for (const candidate of picture![1].split(',')) {
      const file = candidate.trim().split(' ')[0].slice(1)
      expect(file).toMatch(/\.webp$/)
      expect(existsSync(join(out, file)), file).toBe(true)
    }
    expect(existsSync(join(out, picture![2].slice(1)))).toBe(true)
  })

  it('writes nothing when nothing changed, and keeps every file as it was', async () => {
    const files = filesIn(out)
    const before = new Map(files.map((f) => [f, inode(f)]))
    const again = await buildStaticSite(site, { out })
    expect(again).toMatchObject({
      rendered: 0,
      written: 0,
      kept: first.written,
      files: first.files,
      bytes: first.bytes,
      pages: first.pages,
      cards: first.cards,
    })
    expect(filesIn(out)).toEqual(files)
    for (const f of files) if (f !== BUILD_MARKER && f !== MANIFEST_FILE) expect(inode(f), f).toBe(before.get(f))
  })

  it('renders again only the pages whose data changed', async () => {
    const other = inode('posts/the-gaussian-integral-three-ways/index.html')
    const notation = site.store.postBySlug('on-notation')!
    // the excerpt shows on the post's page and in the list, not on its neighbours' pages
    await site.editor.update(ADMIN, notation.id, { excerpt: 'A fresh excerpt for the incremental build.' })
    const report = await buildStaticSite(site, { out })
    expect(report.rendered).toBeGreaterThan(0)
    expect(report.rendered).toBeLessThan(report.pages)
    expect(read(out, 'posts/on-notation/index.html')).toContain('A fresh excerpt for the incremental build.')
    expect(read(out, 'data/posts.json')).toContain('A fresh excerpt for the incremental build.')
    expect(inode('posts/the-gaussian-integral-three-ways/index.html')).toBe(other)
  })

  it("draws a post's social card once: a build into a new folder copies the data folder's, a new title draws it again", async () => {
    const card = 'og/posts/on-notation.png'
    const drawn = readFileSync(join(out, card))
    const kept = readdirSync(join(own.path, 'data', 'media', 'og'))
    const fresh = join(own.path, 'site-fresh')
    await buildStaticSite(site, { out: fresh })
    // the same card, the data folder's very bytes: nothing was drawn or converted
    expect(readFileSync(join(fresh, card)).equals(drawn)).toBe(true)
    expect(readdirSync(join(own.path, 'data', 'media', 'og'))).toEqual(kept)
    expect(kept.some((f) => readFileSync(join(own.path, 'data', 'media', 'og', f)).equals(drawn))).toBe(true)
    const notation = site.store.postBySlug('on-notation')!
    await site.editor.update(ADMIN, notation.id, { title: 'On Notation, Drawn Again' })
    await buildStaticSite(site, { out: fresh })
    const redrawn = readFileSync(join(fresh, card))
    expect(redrawn.equals(drawn)).toBe(false)
    expect([redrawn.readUInt32BE(16), redrawn.readUInt32BE(20), redrawn[25]]).toEqual([1200, 630, 3])
    expect(readdirSync(join(own.path, 'data', 'media', 'og')).length).toBe(kept.length + 1)
  })

  it('removes the pages and files of a deleted post', async () => {
    const notation = site.store.postBySlug('on-notation')!
    await site.editor.remove(ADMIN, notation.id)
    const report = await buildStaticSite(site, { out })
    expect(report.posts).toBe(2)
    const files = filesIn(out)
    expect(files.filter((f) => f.includes('on-notation'))).toEqual([])
    expect(read(out, 'sitemap.xml')).not.toContain('on-notation')
    expect(files).toContain(`posts/${FIGURES}/index.html`)
  })
})
