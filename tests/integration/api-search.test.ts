import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { tempDir } from '../helpers/temp-dir.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { createBlog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { FakeOpenAi } from '../helpers/fake-openai.js'
import { SearchQuerySchema, SearchResultSchema, type SearchResult } from '../../src/shared/schemas/index.js'

const essay = (front: string, body: string) => `---\n${front.trim()}\n---\n\n${body.trim()}\n`

/** Long enough for a four-minute read, about estimators, so read-time filters have something to split. */
const varianceBody = Array.from(
  { length: 45 },
  (_, i) =>
    `The sample variance of draw ${i} uses Bessel's correction so that the estimator stays unbiased around the sample mean.`,
).join(' ')

const ESSAYS: Record<string, string> = {
  'markov.md': essay(
    'title: Markov Chains and Stationary Distributions\ndate: 2024-01-10\nauthor: Andrey Markov\ntags: [probability, stochastic processes]',
    'A Markov chain on a finite state space is ergodic when it is irreducible and aperiodic. Its transition matrix then has a unique stationary distribution, and the chain converges to it from any starting state. Mixing time measures how fast the transition matrix forgets the starting state.',
  ),
  'walks.md': essay(
    'title: Random Walks on Graphs\ndate: 2024-06-01\nauthor: Ada Lovelace\ntags: [probability, graphs]',
    'A random walk on a connected graph moves to a neighbour chosen uniformly. Its transition matrix is irreducible; the walk is aperiodic when the graph is not bipartite, and the stationary distribution is proportional to vertex degree. Mixing time depends on the spectral gap of the transition matrix.',
  ),
  'variance.md': essay(
    'title: Estimating Variance\ndate: 2025-02-01\nauthor: Ada Lovelace\ntags: [statistics, probability]',
    varianceBody,
  ),
  'threads.md': essay(
    'title: 多线程编程简介\ndate: 2024-03-03\nauthor: Julia 社区\ntags: [julia, 并行]',
    'Julia 语言从 1.3 版本开始支持多线程编程。任务调度器会把任务分配到不同的线程上运行，程序员不必手动管理线程。',
  ),
  'bread.md': essay(
    'title: Sourdough Baking\ndate: 2023-05-05\nauthor: Site Owner\ntags: [cooking]',
    'Feed the starter flour and water, let the dough rise overnight, and bake it in a hot oven.',
  ),
  'draft.md': essay(
    'title: Secret Notes on Ergodic Theory\ndate: 2024-02-02\ndraft: true\ntags: [probability, drafts]',
    'Birkhoff proved the ergodic theorem for measure-preserving maps.',
  ),
}

let ctx: Awaited<ReturnType<typeof servedBlog>>
let tmp: ReturnType<typeof tempDir>
let admin: ApiClient
let guest: ApiClient

beforeAll(async () => {
  tmp = tempDir('search-')
  for (const [name, text] of Object.entries(ESSAYS)) writeFileSync(join(tmp.path, name), text)
  ctx = await servedBlog({ fixtures: tmp.path })
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
  guest = new ApiClient(ctx.server.url)
})
afterAll(async () => {
  await ctx.cleanup()
  tmp.cleanup()
})

async function search(params: Record<string, string>, client = guest): Promise<SearchResult> {
  const res = await client.get<SearchResult>(`/api/search/advanced?${new URLSearchParams(params)}`)
  expect(res.status).toBe(200)
  return SearchResultSchema.parse(res.body)
}
const slugs = (r: SearchResult) => r.results.map((p) => p.slug)
const idOf = (slug: string) => ctx.blog.store.postBySlug(slug)!.id

describe('GET /api/search/advanced: ranked full text', () => {
  it('answers the SPEC §3 search result, every result a post card with how it matched', async () => {
    const r = await search({ q: 'variance' })
    expect(r).toMatchObject({ query: 'variance', totalCount: r.results.length, suggestions: [] })
    expect(r.searchTime).toBeGreaterThanOrEqual(0)
    const [top] = r.results
    expect(top).toMatchObject({
      slug: 'estimating-variance',
      title: 'Estimating Variance',
      author: 'Ada Lovelace',
      tags: ['statistics', 'probability'],
      matchType: 'title',
    })
    expect(top.readTime).toBeGreaterThanOrEqual(3)
    expect(top.matchedTerms).toContain('variance')
    expect(top.relevanceScore).toBeGreaterThan(0.5)
    for (const key of ['id', 'publishedAt', 'excerpt']) expect(top).toHaveProperty(key)
    expect(top).not.toHaveProperty('status')
  })

  it('ranks a title hit above a body hit and says which it was', async () => {
    const r = await search({ q: 'stationary distribution' })
    expect(slugs(r).slice(0, 2)).toEqual(['markov-chains-and-stationary-distributions', 'random-walks-on-graphs'])
    expect(r.results[0].matchType).toBe('title')
    expect(r.results[1].matchType).toBe('content')
    expect(r.results[0].relevanceScore).toBeGreaterThan(r.results[1].relevanceScore)
  })

  it('reports a tag hit as a tags match', async () => {
    const r = await search({ q: 'graphs' })
    expect(r.results.find((p) => p.slug === 'random-walks-on-graphs')?.matchType).toMatch(/title|tags/)
    const cooking = await search({ q: 'cooking' })
    expect(cooking.results[0]).toMatchObject({ slug: 'sourdough-baking', matchType: 'tags' })
  })

  it('finds Chinese posts by a word inside an unspaced sentence', async () => {
    for (const q of ['多线程', '线程', '任务调度']) {
      const r = await search({ q })
      expect(slugs(r)).toContain(ctx.blog.store.posts().find((p) => p.title === '多线程编程简介')!.slug)
      expect(slugs(r)).not.toContain('sourdough-baking')
    }
  })
})

describe('filters', () => {
  it('filters by tags (all of them, case-insensitive) and lists by date without a query', async () => {
    expect(slugs(await search({ tags: 'Probability' }))).toEqual([
      'estimating-variance',
      'random-walks-on-graphs',
      'markov-chains-and-stationary-distributions',
    ])
    expect(slugs(await search({ tags: 'probability,statistics' }))).toEqual(['estimating-variance'])
    const filtered = await search({ q: 'transition matrix', tags: 'graphs' })
    expect(slugs(filtered)).toEqual(['random-walks-on-graphs'])
  })

  it('filters by author, read time and dates, inclusive at both ends', async () => {
    expect(slugs(await search({ author: 'lovelace' }))).toEqual(['estimating-variance', 'random-walks-on-graphs'])
    const long = await search({ minReadTime: '3' })
    expect(slugs(long)).toEqual(['estimating-variance'])
    expect(slugs(await search({ maxReadTime: '2', tags: 'probability' }))).toEqual([
      'random-walks-on-graphs',
      'markov-chains-and-stationary-distributions',
    ])
    expect(slugs(await search({ startDate: '2024-01-10', endDate: '2024-06-01', tags: 'probability' }))).toEqual([
      'random-walks-on-graphs',
      'markov-chains-and-stationary-distributions',
    ])
    expect(slugs(await search({ q: 'aperiodic', startDate: '2024-02-01' }))).toEqual(['random-walks-on-graphs'])
  })

  it('offers the tags the results share, leaving out those filtered on', async () => {
    const r = await search({ tags: 'probability' })
    expect(r.relatedTags).toEqual(expect.arrayContaining(['graphs', 'statistics', 'stochastic processes']))
    expect(r.relatedTags).not.toContain('probability')
    expect((await search({ q: 'variance' })).relatedTags).toEqual(expect.arrayContaining(['statistics', 'probability']))
  })

  it('hides drafts from guests and shows them to admins', async () => {
    expect(slugs(await search({ q: 'birkhoff' }))).toEqual([])
    expect(slugs(await search({ tags: 'drafts' }))).toEqual([])
    expect(slugs(await search({ q: 'birkhoff' }, admin))).toEqual(['secret-notes-on-ergodic-theory'])
    expect(slugs(await search({ q: 'ergodic' }))).not.toContain('secret-notes-on-ergodic-theory')
    // nor do a draft's words leak through "did you mean"
    expect((await search({ q: 'birkhof' })).suggestions).toEqual([])
  })

  it('answers 400 with a message for bad numbers, dates and ranges', async () => {
    for (const query of [
      'minReadTime=abc',
      'maxReadTime=-1',
      'startDate=2024-13-01',
      'endDate=yesterday',
      'minReadTime=10&maxReadTime=2',
      'startDate=2025-01-01&endDate=2024-01-01',
      'limit=0',
    ]) {
      const res = await guest.get<{ message: string }>(`/api/search/advanced?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.message.length, query).toBeGreaterThan(5)
    }
  })
})

describe('suggestions, completion and meaning', () => {
  it('suggests a word of the site for a misspelling', async () => {
    expect((await search({ q: 'varaince' })).suggestions).toEqual(['variance'])
    expect((await search({ q: 'stationery distribution' })).suggestions).toEqual(['stationary distribution'])
  })

  it('completes the last word while it is being typed, not once it is finished', async () => {
    const typing = await search({ q: 'vari' })
    expect(slugs(typing)).toContain('estimating-variance')
    expect(typing.suggestions).toContain('variance')
    const finished = await search({ q: 'vari ' })
    expect(slugs(finished)).not.toContain('estimating-variance')
    expect(slugs(await search({ q: 'transition mat' }))).toContain('random-walks-on-graphs')
  })

  it('finds posts close in meaning that do not contain the query', async () => {
    const r = await search({ q: 'ergodic' })
    expect(r.results[0]).toMatchObject({ slug: 'markov-chains-and-stationary-distributions' })
    const walk = r.results.find((p) => p.slug === 'random-walks-on-graphs')
    expect(walk).toMatchObject({ matchType: 'semantic' })
    expect(walk!.relevanceScore).toBeLessThan(r.results[0].relevanceScore)
    expect(walk!.matchedTerms.length).toBeGreaterThan(0)
    expect(slugs(r)).not.toContain('sourdough-baking')
  })
})

describe('the index follows every change', () => {
  it('sees an edit, a delete and an import at once, in both search calls', async () => {
    const id = idOf('sourdough-baking')
    const put = await admin.request('PUT', `/api/posts/${id}`, {
      title: 'Sourdough Fermentation',
      excerpt: 'Wild yeast at work.',
      content: 'Wild yeast and lactobacilli ferment the dough.',
    })
    expect(put.status).toBe(200)
    expect(slugs(await search({ q: 'lactobacilli' }))).toEqual(['sourdough-baking'])
    expect(slugs(await search({ q: 'overnight' }))).toEqual([])
    const listed = await guest.get<{ slug: string }[]>('/api/posts?search=fermentation')
    expect(listed.body.map((p) => p.slug)).toEqual(['sourdough-baking'])

    expect((await admin.request('DELETE', `/api/posts/${id}`)).status).toBe(200)
    expect(slugs(await search({ q: 'lactobacilli' }))).toEqual([])

    const folder = join(tmp.path, 'more')
    mkdirSync(folder)
    writeFileSync(
      join(folder, 'kernels.md'),
      essay(
        'title: Kernel Density Estimation\ndate: 2025-03-01\ntags: [statistics]',
        'A kernel smooths each observation; the bandwidth trades bias for variance.',
      ),
    )
    await ctx.blog.importer.importPaths([folder])
    expect(slugs(await search({ q: 'bandwidth' }))).toEqual(['kernel-density-estimation'])
    expect(slugs(await search({ q: 'kernel' }))).toEqual(['kernel-density-estimation'])
  })

  it("publishes a draft into the guests' results when its status changes", async () => {
    const id = idOf('secret-notes-on-ergodic-theory')
    expect((await admin.request('PUT', `/api/posts/${id}`, { status: 'published' })).status).toBe(200)
    expect(slugs(await search({ q: 'birkhoff' }))).toEqual(['secret-notes-on-ergodic-theory'])
  })
})

describe('a restart', () => {
  it('reads the index back from the data folder and catches up with what changed meanwhile', async () => {
    await ctx.blog.search.ready()
    expect(existsSync(join(ctx.dataDir, 'search-index.json'))).toBe(true)
    const again = await createBlog({ dataDir: ctx.dataDir, env: {}, log: () => {} })
    try {
      // Changed by this process before it searches: the snapshot is older than the store.
      await again.store.transact((tx) => tx.update(idOf('kernel-density-estimation'), { title: 'Kernel Smoothing' }))
      const find = async (q: string) =>
        (await again.search.advanced(SearchQuerySchema.parse({ q }), GUEST)).results.map((p) => p.slug)
      expect(await find('smoothing')).toEqual(['kernel-density-estimation'])
      expect(await find('bandwidth')).toEqual(['kernel-density-estimation'])
      expect(await find('lactobacilli')).toEqual([])
      expect(await find('birkhoff')).toEqual(['secret-notes-on-ergodic-theory'])
      expect((await again.search.advanced(SearchQuerySchema.parse({ q: 'varaince' }), GUEST)).suggestions).toEqual([
        'variance',
      ])
    } finally {
      await again.close()
    }
  })
})

describe("semantic matches from the AI provider's embeddings", () => {
  it("uses the provider's embeddings when it has them, for a query no post contains", async () => {
    // The local index knows no post for a word none of them uses.
    expect((await search({ q: 'zebra' })).results).toEqual([])
    const fake = await new FakeOpenAi('sk-test').start()
    const site = tempDir('search-ai-')
    for (const name of ['markov.md', 'walks.md', 'draft.md']) writeFileSync(join(site.path, name), ESSAYS[name])
    const served = await servedBlog({
      fixtures: site.path,
      blog: { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } },
    })
    try {
      const res = await new ApiClient(served.server.url).get<SearchResult>('/api/search/advanced?q=zebra')
      const r = SearchResultSchema.parse(res.body)
      // The fake's vectors all point the same way: every post the guest may see is close.
      expect(r.results.map((p) => p.slug).sort()).toEqual([
        'markov-chains-and-stationary-distributions',
        'random-walks-on-graphs',
      ])
      expect(r.results.every((p) => p.matchType === 'semantic' && p.relevanceScore <= 0.5)).toBe(true)
      expect(
        fake.requests.some((q) => q.path === '/v1/embeddings' && JSON.stringify(q.body.input).includes('zebra')),
      ).toBe(true)
    } finally {
      await served.cleanup()
      await fake.stop()
      site.cleanup()
    }
  })
})
