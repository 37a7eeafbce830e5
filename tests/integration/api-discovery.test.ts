import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog } from '../helpers/blog.js'
import { copyCorpusData, fromFamily } from '../helpers/corpus-import.js'
import { ApiClient } from '../helpers/http-client.js'
import { corpusDir, tempDir } from '../helpers/temp-dir.js'
import { OWNER } from '../../src/auth/auth-service.js'
import {
  ArgumentStrengthSchema,
  ConceptEvolutionSchema,
  CrossReferenceSchema,
  RelatedPostSchema,
  SmartSidebarSchema,
  UserInsightsSchema,
  type RelatedPost,
  type SmartSidebar,
  type UserInsights,
} from '../../src/shared/schemas/discovery.js'

/** Essays of our own beside the fixture site: a referenced argument, an unsupported one, a numbered series. */
const ESSAYS: Record<string, string> = {
  'bayes-referenced.md': `---
title: Bayes' Theorem and the Base Rate
tags: [probability, statistics]
date: 2025-02-01
---

# Bayes' Theorem and the Base Rate

Bayes' theorem relates a conditional probability to its inverse. Because the posterior depends on the prior, the base rate matters: a test with high accuracy still gives mostly false positives when the condition is rare [(Kahneman and Tversky, 1973)](https://doi.org/10.1037/h0034747).

Therefore the posterior probability of the condition, given a positive test, is the prior times the likelihood divided by the evidence, as explained by [Gigerenzer](https://www.bmj.com/content/327/7417/741) and in the [Stanford Encyclopedia](https://plato.stanford.edu/entries/bayes-theorem/). See also [the Gaussian integral](/posts/the-gaussian-integral-three-ways) for the normal distribution.

## The base rate fallacy

However, readers often ignore the prior probability. For example, with a base rate of one in a thousand, the posterior probability stays small. Hence the base rate must be stated.

## References

1. Kahneman, D., & Tversky, A. (1973). On the psychology of prediction. Psychological Review, 80(4), 237–251.
2. Gigerenzer, G. (2003). Simple tools for understanding risks. BMJ, 327, 741–744.
`,
  'bayes-opinion.md': `---
title: Priors Are Always Obvious
tags: [probability]
date: 2025-03-01
---

# Priors Are Always Obvious

Everyone knows the prior probability is obvious. Clearly the base rate never matters in practice. The posterior probability is always close to the likelihood.

Bayes' theorem is obviously overrated and the conditional probability of a condition is certainly just the test accuracy.
`,
  'chapter-1.md': `---
title: "Chapter 1: Sets"
tags: [foundations]
date: 2025-01-01
---

A set is a collection of elements. Two sets are equal when they have the same elements. The empty set has no elements, and every set contains the empty set as a subset.
`,
  'chapter-2.md': `---
title: "Chapter 2: Functions"
tags: [foundations]
date: 2025-01-02
---

A function maps each element of one set to exactly one element of another set. The set of inputs is the domain, and the elements reached form the image of the function.
`,
}

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
let reader: ApiClient
const guest = () => new ApiClient(ctx.server.url)
const idOf = (slug: string) => ctx.blog.store.postBySlug(slug)!.id
let draftId: number

beforeAll(async () => {
  ctx = await servedBlog()
  const extra = tempDir('discovery-essays-')
  for (const [name, text] of Object.entries(ESSAYS)) writeFileSync(join(extra.path, name), text)
  await ctx.blog.importer.importPaths([extra.path])
  extra.cleanup()
  draftId = ctx.blog.store.posts().find((p) => p.status === 'draft')!.id
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
  await ctx.blog.store.transact((tx) => {
    tx.db.users.push({ ...tx.db.users[0], id: 50, username: 'reader', role: 'guest' })
  })
  reader = new ApiClient(ctx.server.url)
  expect((await reader.post('/api/auth/login', { username: 'reader', password: 'password1' })).status).toBe(200)
})
afterAll(() => ctx.cleanup())

describe('GET /api/posts/{id}/related', () => {
  it('lists other published posts with scores 0–1 and a relationship type, never the post itself', async () => {
    const id = idOf('bayes-theorem-and-the-base-rate')
    const res = await guest().get<RelatedPost[]>(`/api/posts/${id}/related`)
    expect(res.status).toBe(200)
    const list = RelatedPostSchema.array().parse(res.body)
    expect(list.length).toBeGreaterThan(0)
    expect(list.length).toBeLessThanOrEqual(5)
    for (const r of list) {
      expect(r.id).not.toBe(id)
      expect(r.id).not.toBe(draftId)
      expect(r.similarityScore).toBeGreaterThanOrEqual(0)
      expect(r.similarityScore).toBeLessThanOrEqual(1)
      expect(['topical', 'conceptual', 'structural']).toContain(r.relationshipType)
    }
    // The other essay on priors and base rates is the closest.
    expect(list[0].slug).toBe('priors-are-always-obvious')
    const scores = list.map((r) => r.similarityScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('honours limit and refuses a limit outside 1–20', async () => {
    const id = idOf('bayes-theorem-and-the-base-rate')
    expect((await guest().get<RelatedPost[]>(`/api/posts/${id}/related?limit=1`)).body).toHaveLength(1)
    expect((await guest().get<RelatedPost[]>(`/api/posts/${id}/related?limit=20`)).body.length).toBeLessThanOrEqual(20)
    for (const bad of ['0', '21', 'abc', '2.5']) {
      const res = await guest().get(`/api/posts/${id}/related?limit=${bad}`)
      expect(res.status, `limit=${bad}`).toBe(400)
      expect(res.body).toEqual({ message: expect.any(String) })
    }
  })

  it('answers 404 for an unknown post and for a draft asked by a guest; admins see drafts', async () => {
    expect((await guest().get('/api/posts/9999/related')).body).toEqual({ message: 'No post with id 9999.' })
    expect((await guest().get(`/api/posts/${draftId}/related`)).status).toBe(404)
    expect((await guest().get('/api/posts/abc/related')).status).toBe(400)
    const own = await admin.get<RelatedPost[]>(`/api/posts/${draftId}/related?limit=20`)
    expect(own.status).toBe(200)
    expect(own.body.map((r) => r.id)).not.toContain(draftId)
  })

  it('keeps drafts out of every guest list, and follows edits (no stale cache)', async () => {
    for (const p of ctx.blog.store.posts().filter((x) => x.status === 'published')) {
      const list = (await guest().get<RelatedPost[]>(`/api/posts/${p.id}/related?limit=20`)).body
      expect(list.map((r) => r.id)).not.toContain(draftId)
    }
    const id = idOf('chapter-1-sets')
    const before = (await guest().get<RelatedPost[]>(`/api/posts/${id}/related?limit=20`)).body
    expect(before.map((r) => r.slug)).toContain('chapter-2-functions')
    await ctx.blog.store.transact((tx) => tx.update(idOf('chapter-2-functions'), { status: 'draft' }))
    const after = (await guest().get<RelatedPost[]>(`/api/posts/${id}/related?limit=20`)).body
    expect(after.map((r) => r.slug)).not.toContain('chapter-2-functions')
    await ctx.blog.store.transact((tx) => tx.update(idOf('chapter-2-functions'), { status: 'published' }))
  })
})

describe('GET /api/posts/{id}/smart-sidebar', () => {
  it('answers the SPEC §3 shape, computed from the site', async () => {
    const res = await guest().get<SmartSidebar>(`/api/posts/${idOf('bayes-theorem-and-the-base-rate')}/smart-sidebar`)
    expect(res.status).toBe(200)
    const sidebar = SmartSidebarSchema.parse(res.body)
    expect(sidebar.continueReading[0].slug).toBe('priors-are-always-obvious')
    expect(sidebar.continueReading[0].reason).not.toBe('')
    const concepts = sidebar.conceptConnections.map((c) => c.concept.toLowerCase())
    expect(concepts.some((c) => /base rate|prior|posterior/.test(c))).toBe(true)
    for (const c of sidebar.conceptConnections)
      for (const e of c.relatedEssays) expect(e.snippet.toLowerCase()).toContain(c.concept.toLowerCase())
    expect(sidebar.thematicCollections.map((t) => t.theme)).toContain('probability')
    for (const path of sidebar.readingPaths) {
      expect(path.essays.map((e) => e.order)).toEqual(path.essays.map((_, i) => i + 1))
      expect(path.totalReadTime).toBeGreaterThan(0)
    }
    expect(JSON.stringify(sidebar)).not.toContain('An Unfinished Draft')
  })

  it('finds a numbered series and keeps its order', async () => {
    const sidebar = (await guest().get<SmartSidebar>(`/api/posts/${idOf('chapter-2-functions')}/smart-sidebar`)).body
    const series = sidebar.readingPaths.find((p) => p.id.startsWith('series-'))
    expect(series?.essays.map((e) => e.slug)).toEqual(['chapter-1-sets', 'chapter-2-functions'])
  })

  it('answers 404 to a guest asking about a draft', async () => {
    expect((await guest().get(`/api/posts/${draftId}/smart-sidebar`)).status).toBe(404)
    expect((await admin.get(`/api/posts/${draftId}/smart-sidebar`)).status).toBe(200)
  })
})

describe('analytics (admin only)', () => {
  const paths = () => [
    `/api/posts/${idOf('on-notation')}/argument-strength`,
    `/api/posts/${idOf('on-notation')}/cross-references`,
    '/api/concepts/evolution',
    '/api/user/insights',
  ]

  it('refuses guests with 401 and signed-in non-admins with 403', async () => {
    for (const path of paths()) {
      expect((await guest().get(path)).status, path).toBe(401)
      expect((await reader.get(path)).status, path).toBe(403)
      expect((await admin.get(path)).status, path).toBe(200)
    }
  })

  it('scores the evidence of an essay with references above one without', async () => {
    const strong = ArgumentStrengthSchema.parse(
      (await admin.get(`/api/posts/${idOf('bayes-theorem-and-the-base-rate')}/argument-strength`)).body,
    )
    const weak = ArgumentStrengthSchema.parse(
      (await admin.get(`/api/posts/${idOf('priors-are-always-obvious')}/argument-strength`)).body,
    )
    expect(strong.evidenceQuality).toBeGreaterThan(weak.evidenceQuality)
    expect(strong.sourceDiversity).toBeGreaterThan(weak.sourceDiversity)
    expect(strong.overallScore).toBeGreaterThan(weak.overallScore)
    expect(strong.supportingEvidence.join(' ')).toMatch(/Cites \d+ outside works/)
    expect(weak.evidenceQuality).toBe(0)
    expect(weak.weakPoints[0]).toMatch(/^Cites no outside sources/)
    expect(weak.weakPoints.some((w) => w.startsWith('Asserted without support nearby'))).toBe(true)
    expect((await admin.get('/api/posts/9999/argument-strength')).status).toBe(404)
  })

  it('lists cross-references, with a link to another essay as a citation', async () => {
    const res = await admin.get(`/api/posts/${idOf('bayes-theorem-and-the-base-rate')}/cross-references`)
    const refs = CrossReferenceSchema.array().parse(res.body)
    expect(refs).toContainEqual(
      expect.objectContaining({
        relationshipType: 'citation',
        targetPostSlug: 'the-gaussian-integral-three-ways',
        concept: 'the Gaussian integral',
      }),
    )
    expect(refs.map((r) => r.targetPostSlug)).not.toContain('bayes-theorem-and-the-base-rate')
  })

  it('traces concepts across essays over time', async () => {
    const evolution = ConceptEvolutionSchema.parse((await admin.get('/api/concepts/evolution')).body)
    expect(evolution.length).toBeGreaterThan(0)
    for (const c of evolution) {
      expect(c.totalPosts).toBeGreaterThanOrEqual(2)
      expect(c.firstSeen).toBe(c.posts[0].publishedAt)
      expect(c.posts.map((p) => p.publishedAt)).toEqual(c.posts.map((p) => p.publishedAt).sort())
    }
  })
})

describe('GET /api/user/insights', () => {
  it('says there is not enough data before any event, then counts what was tracked', async () => {
    const empty = UserInsightsSchema.parse((await admin.get('/api/user/insights')).body)
    expect(empty.basedOn.events).toBe(0)
    expect(empty.readingPattern.totalSessions).toBe(0)
    expect(empty.readingPattern.averageSessionTime).toBe(0)
    expect(empty.readingPattern.readingFrequency).toMatch(/^Not enough data/)
    expect(empty.topicPreferences.favoriteTopics).toEqual([])

    const bayes = idOf('bayes-theorem-and-the-base-rate')
    const notation = idOf('on-notation')
    const track = (sessionId: string, postId: number | null, actionType: string, actionData: Record<string, unknown>) =>
      guest().post('/api/user/track', { userId: null, sessionId, postId, actionType, actionData })
    expect((await track('s1', bayes, 'entry', { source: 'External', timestamp: 1 })).status).toBe(204)
    await track('s1', bayes, 'view', { postTitle: 'Bayes' })
    await track('s1', bayes, 'time_spent', { timeSpent: 300_000 })
    await track('s1', bayes, 'scroll', { scrollPercentage: 90 })
    await track('s2', notation, 'view', { postTitle: 'On Notation' })
    await track('s2', notation, 'time_spent', { timeSpent: 100_000 })
    await track('s2', null, 'search', { query: 'topology', resultsCount: 0 })
    await track('s3', bayes, 'view', { postTitle: 'Bayes' })

    const res = await admin.get<UserInsights>('/api/user/insights')
    const insights = UserInsightsSchema.parse(res.body)
    expect(insights.basedOn.events).toBe(8)
    expect(insights.readingPattern.totalSessions).toBe(3)
    // Two sessions sent reading times: (300 s + 100 s) / 2.
    expect(insights.readingPattern.averageSessionTime).toBe(200)
    expect(insights.topicPreferences.favoriteTopics[0]).toEqual({ topic: 'probability', engagement: 0.375 })
    expect(insights.cognitiveProfile.engagementTriggers).toContain('Search (1 searches)')
    expect(insights.recommendations.join(' ')).toContain('Searches for “topology” found nothing (1 time)')
  })
})

describe('on the StatProofBook corpus', () => {
  let corpus: Awaited<ReturnType<typeof servedBlog>>
  // The shared import of the corpus (helpers/corpus-import.ts), rather than an import of
  // statproofbook of its own: its proofs are the posts checked; the other families are only
  // more posts beside them.
  const proofs = () => corpus.blog.store.posts().filter((p) => fromFamily(p.source?.path, ['statproofbook']))
  beforeAll(async () => {
    expect(existsSync(corpusDir), 'the shared corpus').toBe(true)
    corpus = await servedBlog({ fixtures: null, seed: copyCorpusData })
  }, 240_000)
  afterAll(() => corpus?.cleanup())

  it('answers related posts and sidebars of the right shape for every essay', async () => {
    const client = new ApiClient(corpus.server.url)
    const posts = proofs()
    expect(posts.length).toBeGreaterThan(100)
    for (const p of posts.slice(0, 30)) {
      const related = RelatedPostSchema.array().parse((await client.get(`/api/posts/${p.id}/related`)).body)
      expect(related).toHaveLength(5)
      expect(related.map((r) => r.id)).not.toContain(p.id)
      const sidebar = SmartSidebarSchema.parse((await client.get(`/api/posts/${p.id}/smart-sidebar`)).body)
      expect(sidebar.continueReading.length).toBeGreaterThan(0)
      expect(sidebar.thematicCollections.length).toBeGreaterThan(0)
    }
  }, 120_000)

  it('reads a proof’s links to other proofs as citations', async () => {
    const proof = proofs().find((p) => p.source?.path.endsWith('anova1-repara.md'))!
    const owner = new ApiClient(corpus.server.url)
    await corpus.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
    await owner.post('/api/auth/login', { username: 'owner', password: 'password1' })
    const refs = CrossReferenceSchema.array().parse((await owner.get(`/api/posts/${proof.id}/cross-references`)).body)
    const cited = refs.filter((r) => r.relationshipType === 'citation').map((r) => r.targetPostTitle)
    // It links to /P/anova1-f and /D/chi2, both in the corpus.
    expect(cited).toEqual(
      expect.arrayContaining(['F-test for main effect in one-way analysis of variance', 'Chi-squared distribution']),
    )
  })
})
