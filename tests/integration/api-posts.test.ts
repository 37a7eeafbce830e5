import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { servedBlog } from '../helpers/blog.js'
import type { Post, PostListItem } from '../../src/shared/schemas/index.js'

let ctx: Awaited<ReturnType<typeof servedBlog>>
beforeAll(async () => {
  ctx = await servedBlog()
})
afterAll(() => ctx.cleanup())

const get = (path: string, init?: RequestInit) => fetch(`${ctx.server.url}${path}`, { redirect: 'manual', ...init })

describe('GET /api/posts', () => {
  it('lists published posts newest first with the SPEC §3 fields, and hides drafts from guests', async () => {
    const res = await get('/api/posts')
    expect(res.status).toBe(200)
    const posts = (await res.json()) as PostListItem[]
    // on-notation has no date, so its file's modification time (just now) makes it the newest.
    expect(posts.map((p) => p.slug)).toEqual(['on-notation', 'the-gaussian-integral-three-ways'])
    const first = posts[1]
    for (const key of [
      'id',
      'title',
      'slug',
      'excerpt',
      'metaDescription',
      'author',
      'tags',
      'readTime',
      'publishedAt',
      'updatedAt',
      'status',
      'featured',
      'bannerImage',
      'contentImages',
    ]) {
      expect(first).toHaveProperty(key)
    }
    expect(first).toMatchObject({
      author: 'Ada Lovelace',
      tags: ['calculus', 'probability'],
      featured: 1,
      status: 'published',
      readTime: 1,
    })
    expect(first).not.toHaveProperty('content')
    expect(first).not.toHaveProperty('source')
    expect(posts[0].author).toBe('Site Owner')
  })

  it('filters with ?search= across title, tags and text', async () => {
    const byTag = (await (await get('/api/posts?search=probability')).json()) as PostListItem[]
    expect(byTag.map((p) => p.slug)).toEqual(['the-gaussian-integral-three-ways'])
    const byText = (await (await get('/api/posts?search=leibniz')).json()) as PostListItem[]
    expect(byText.map((p) => p.slug)).toEqual(['on-notation'])
    const drafts = (await (await get('/api/posts?search=unfinished')).json()) as PostListItem[]
    expect(drafts).toEqual([])
  })
})

describe('GET /api/posts/{slug}', () => {
  it('returns the post with its rendered HTML and table of contents', async () => {
    const res = await get('/api/posts/the-gaussian-integral-three-ways')
    expect(res.status).toBe(200)
    const post = (await res.json()) as Post
    expect(post.html).toContain('class="katex')
    expect(post.toc.map((t) => t.text)).toEqual(['Polar coordinates', 'A table of values', 'Code'])
    expect(post.content).toContain('## Polar coordinates')
    expect(post.metaDescription).toBe(
      'Polar coordinates, differentiation under the integral sign, and a volume argument.',
    )
    // Neighbours follow the list order a guest sees (the draft in between is skipped).
    expect(post.neighbours).toEqual({
      previous: { slug: 'on-notation', title: 'On Notation', readTime: 1 },
      next: null,
    })
  })

  it('answers 404 with {message} for a missing post and for a draft seen by a guest', async () => {
    for (const slug of ['nope', 'an-unfinished-draft']) {
      const res = await get(`/api/posts/${slug}`)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { message: string }).message).toMatch(/No post/)
    }
  })

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await get('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toHaveProperty('message')
  })
})

describe('pages', () => {
  it('renders a post page on the server with its head tags', async () => {
    const res = await get('/posts/the-gaussian-integral-three-ways')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>The Gaussian Integral, Three Ways · Scholia</title>')
    expect(html).toContain(
      '<meta name="description" content="Polar coordinates, differentiation under the integral sign, and a volume argument.">',
    )
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/localhost:4321\/posts\/the-gaussian-integral-three-ways">/,
    )
    expect(html).toContain('property="og:title" content="The Gaussian Integral, Three Ways"')
    expect(html).toContain('name="twitter:card"')
    expect(html).toContain('class="katex')
    expect(html).toContain('Polar coordinates')
  })

  it("hands the essay's HTML to the app once, verbatim beside the article, not escaped inside the state", async () => {
    const slug = 'the-gaussian-integral-three-ways'
    const post = (await (await get(`/api/posts/${slug}`)).json()) as Post
    const page = await (await get(`/posts/${slug}`)).text()
    const raw = page.match(/<script type="text\/plain" id="__SCHOLIA_POST_HTML__">([\s\S]*?)<\/script>/)
    expect(raw?.[1]).toBe(post.html)
    // the article shows the same bytes, which is what lets the compressor match the two
    expect(page).toContain(post.html)
    const state = JSON.parse(
      page.match(/<script type="application\/json" id="__SCHOLIA_STATE__">([\s\S]*?)<\/script>/)![1],
    ) as {
      dehydrated: { queries: { queryKey: unknown[]; state: { data: Post } }[] }
    }
    const seeded = state.dehydrated.queries.find((q) => q.queryKey[1] === slug)!.state.data
    expect(seeded.html).toBe('')
    expect(seeded.title).toBe(post.title)
  })

  it('serves /{slug} as the same page with the canonical /posts/{slug}', async () => {
    const html = await (await get('/on-notation')).text()
    expect(html).toContain('<link rel="canonical" href="http://localhost:4321/posts/on-notation">')
    expect(html).toContain('Symbols as tools')
  })

  it('redirects /post/{slug} to /posts/{slug} with 301', async () => {
    const res = await get('/post/on-notation')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/posts/on-notation')
  })

  it('answers unknown paths and draft posts with 404 pages', async () => {
    const unknown = await get('/no/such/page')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Page Not Found')
    const draft = await get('/posts/an-unfinished-draft')
    expect(draft.status).toBe(404)
    expect(await draft.text()).not.toContain('not ready for readers')
  })

  it("sends scripts and styles precompressed by the reader's Accept-Encoding, cached for a year", async () => {
    const html = await (await get('/')).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
    expect(assets.length).toBeGreaterThan(0)
    for (const path of assets) {
      const plain = await raw(path, '')
      expect(plain.headers['content-encoding']).toBeUndefined()
      const br = await raw(path, 'gzip, deflate, br')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toMatch(/Accept-Encoding/)
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(br.headers['content-type']).toMatch(path.endsWith('.js') ? /javascript/ : /text\/css/)
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      expect(br.body.length).toBeLessThan(plain.body.length / 2)
      const gz = await raw(path, 'gzip')
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    }
  })

  it("sends pages compressed as the reader's Accept-Encoding asks, brotli first, from the first answer on", async () => {
    for (const path of ['/posts/on-notation', '/', '/no/such/page']) {
      const plain = await raw(path, '')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString()).toContain('</html>')
      const br = await raw(path, 'gzip, deflate, br, zstd')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toMatch(/Accept-Encoding/)
      expect(Number(br.headers['content-length'])).toBe(br.body.length)
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      const gz = await raw(path, 'gzip, br;q=0')
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
      expect(br.body.length).toBeLessThan(gz.body.length)
    }
  })

  it('answers a conditional request with 304', async () => {
    const first = await get('/')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const second = await get('/', { headers: { 'if-none-match': etag! } })
    expect(second.status).toBe(304)
  })

  it('sends a cached page with the same headers as the first answer, and HEAD with none of its body', async () => {
    const first = await get('/posts/on-notation')
    const cached = await get('/posts/on-notation')
    expect(cached.status).toBe(200)
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'etag',
      'cache-control',
      'vary',
      'content-type',
    ]) {
      expect(cached.headers.get(name), name).toBe(first.headers.get(name))
    }
    expect(await cached.text()).toBe(await first.text())
    const head = await get('/posts/on-notation', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    // a signed-in reader never gets the guests' copy
    const withCookie = await get('/posts/on-notation', { headers: { cookie: 'scholia_session=x' } })
    expect(withCookie.status).toBe(200)
  })

  it('shows a post imported after the page was cached', async () => {
    expect(await (await get('/')).text()).not.toContain('A Late Arrival')
    await ctx.blog.store.transact(async (tx) => {
      const base = tx.posts()[0]
      tx.insert({ ...base, slug: 'a-late-arrival', title: 'A Late Arrival', source: null }, await tx.body(base.id))
    })
    expect(await (await get('/')).text()).toContain('A Late Arrival')
  })
})

/** The bytes as sent (fetch would decode them), with the headers. */
function raw(path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${ctx.server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}
