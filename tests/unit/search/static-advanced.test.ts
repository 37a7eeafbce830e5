import { describe, it, expect } from 'vitest'
import { advancedSearch, searchDoc, StaticSearch } from '../../../web/static/search.js'
import { SearchResultSchema } from '../../../src/shared/schemas/index.js'

const card = (
  id: number,
  slug: string,
  title: string,
  tags: string[],
  readTime: number,
  day: string,
  author = 'Ada Lovelace',
) => ({ id, slug, title, author, readTime, publishedAt: `${day}T00:00:00.000Z`, excerpt: `${title}.`, tags })
// The posts list order: newest first.
const list = [
  card(3, 'variance', 'Estimating Variance', ['statistics', 'probability'], 4, '2025-02-01'),
  card(2, 'walks', 'Random Walks on Graphs', ['probability', 'graphs'], 1, '2024-06-01'),
  card(1, 'markov', 'Markov Chains', ['probability'], 2, '2024-01-10', 'Andrey Markov'),
]
const texts: Record<string, string> = {
  variance: 'sample variance estimator',
  walks: 'transition matrix of a random walk on a graph',
  markov: 'transition matrix stationary distribution',
}
const search = new StaticSearch({ version: 2, posts: list.map((p) => searchDoc(p, texts[p.slug])) })
const ask = (query: string) => advancedSearch(new URLSearchParams(query), list, search)

describe('the static copy of GET /api/search/advanced', () => {
  it("answers in the server's shape, title hits first", () => {
    const { status, body } = ask('q=transition')
    expect(status).toBe(200)
    const r = SearchResultSchema.parse(body)
    // ranked as the server ranks (BM25): the word weighs more in the shorter text
    expect(r.results.map((p) => p.slug)).toEqual(['markov', 'walks'])
    expect(r.results[0]).toMatchObject({ matchType: 'content', matchedTerms: ['transition'] })
    expect(SearchResultSchema.parse(ask('q=variance').body).results[0]).toMatchObject({
      slug: 'variance',
      matchType: 'title',
    })
  })

  it('applies every filter and lists by date without a query', () => {
    const slugs = (q: string) => SearchResultSchema.parse(ask(q).body).results.map((p) => p.slug)
    expect(slugs('tags=probability')).toEqual(['variance', 'walks', 'markov'])
    expect(slugs('tags=Probability,graphs')).toEqual(['walks'])
    expect(slugs('author=markov')).toEqual(['markov'])
    expect(slugs('minReadTime=2&maxReadTime=3')).toEqual(['markov'])
    expect(slugs('startDate=2024-02-01&endDate=2024-12-31')).toEqual(['walks'])
    expect(SearchResultSchema.parse(ask('tags=probability').body).relatedTags).toEqual(['graphs', 'statistics'])
  })

  it('suggests a word of the site for a misspelling', () => {
    expect(SearchResultSchema.parse(ask('q=varaince').body).suggestions).toEqual(['variance'])
  })

  it('refuses bad numbers, dates and ranges with a message', () => {
    for (const q of [
      'minReadTime=x',
      'startDate=2024-13-40',
      'minReadTime=5&maxReadTime=1',
      'startDate=2025-01-01&endDate=2024-01-01',
    ]) {
      const { status, body } = ask(q)
      expect(status, q).toBe(400)
      expect((body as { message: string }).message).toBeTruthy()
    }
  })
})
