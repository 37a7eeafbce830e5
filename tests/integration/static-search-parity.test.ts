import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { servedBlog } from '../helpers/blog.js'
import { copyCorpusData } from '../helpers/corpus-import.js'
import { ApiClient } from '../helpers/http-client.js'
import { corpusDir } from '../helpers/temp-dir.js'
import { staticDataFiles, staticSearchIndex } from '../../src/build/static-data.js'
import { STATIC_FILES } from '../../web/static/static-api.js'
import { StaticSearch, advancedSearch, type SearchIndex } from '../../web/static/search.js'
import type { PostListItem, SearchResult } from '../../src/shared/schemas/index.js'

/**
 * The static copy of the site (`blog build`) searches in the browser over the index the build
 * writes; the live site asks the server. A reader must find the same posts in the same order
 * on both: the same 50 queries, over the whole corpus, answered by each.
 */
const QUERIES = [
  // single words, folded like the index folds them (plurals, case, accents)
  'variance',
  'walks',
  'Gradient',
  'regression',
  'probability',
  'convolutions',
  'attention',
  'transformer',
  'julia',
  'threads',
  'matrix',
  'eigenvalues',
  'likelihood',
  'entropy',
  'dropout',
  'compiler',
  'packages',
  'Bayes',
  'Bayes’ theorem',
  'GPU',
  // several words: every one must match
  'gradient descent',
  'linear regression',
  'maximum likelihood estimation',
  'neural networks',
  'covariance matrix',
  'random variables',
  'sample mean',
  'softmax regression',
  'multi-head attention',
  'type inference',
  'the walks',
  'julia 1.0',
  // misspelt: near spellings of words the site holds
  'varaince',
  'gradiant descent',
  'regresion',
  'probabilty',
  'transfomer',
  'convolutoin',
  // a last word still being typed
  'stochastic grad',
  'integ',
  'multivar',
  // Chinese, unspaced: found inside longer runs
  '多线程',
  '线程',
  '机器学习',
  '编程语言',
  '版本',
  '修复 分支',
  '文件',
  'Julia 多线程',
  '类型',
]

let ctx: Awaited<ReturnType<typeof servedBlog>>
let guest: ApiClient
let list: PostListItem[]
let search: StaticSearch

const haveCorpus = existsSync(corpusDir)

beforeAll(async () => {
  if (!haveCorpus) return
  // The whole corpus, from the shared import (helpers/corpus-import.ts) rather than an import of its own.
  ctx = await servedBlog({ fixtures: null, seed: copyCorpusData })
  guest = new ApiClient(ctx.server.url)
  // What `blog build` writes for the browser: the posts list and the search index.
  const files = await staticDataFiles(ctx.blog, '')
  list = files.find((f) => f.file === STATIC_FILES.posts)!.json as PostListItem[]
  const index = await staticSearchIndex(ctx.blog)
  expect(index.file).toBe(STATIC_FILES.search)
  search = new StaticSearch(index.json as SearchIndex)
}, 600_000)

afterAll(async () => {
  await ctx?.cleanup()
})

const TOP = 10

describe.skipIf(!haveCorpus)('the static search ranks the corpus as the server does', () => {
  it('asks 50 queries, English and Chinese', () => {
    expect(QUERIES).toHaveLength(50)
    expect(new Set(QUERIES).size).toBe(50)
    expect(list.length).toBeGreaterThan(200)
  })

  it.each(QUERIES)('the home page search %j: the same top 10', async (query) => {
    const res = await guest.get<PostListItem[]>(`/api/posts?${new URLSearchParams({ search: query })}`)
    expect(res.status).toBe(200)
    const server = res.body.slice(0, TOP).map((p) => p.slug)
    // every query finds something, so equal lists say something
    expect(server.length).toBeGreaterThan(0)
    expect(search.search(query).slice(0, TOP)).toEqual(server)
  })

  it.each(QUERIES)('the search page %j: the same top 10 literal matches', async (query) => {
    const params = new URLSearchParams({ q: query })
    const res = await guest.get<SearchResult>(`/api/search/advanced?${params}`)
    expect(res.status).toBe(200)
    // The static copy has no server to hold vectors: it shows no semantic matches.
    const server = res.body.results.filter((r) => r.matchType !== 'semantic').slice(0, TOP)
    const { body } = advancedSearch(params, list, search) as { body: SearchResult }
    const here = body.results.slice(0, TOP)
    expect(here.map((r) => r.slug)).toEqual(server.map((r) => r.slug))
    expect(here.map((r) => r.matchType)).toEqual(server.map((r) => r.matchType))
    expect(body.suggestions).toEqual(res.body.suggestions)
  })
})
