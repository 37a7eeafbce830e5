import { describe, it, expect } from 'vitest'
import { SearchIndex, type IndexedPost } from '../../../src/search/search-index.js'

const post = (id: number, fields: Partial<IndexedPost>): IndexedPost => ({
  id,
  title: `Post ${id}`,
  tags: [],
  excerpt: '',
  author: 'Ada',
  text: '',
  published: true,
  ...fields,
})
const all = () => true

/** Twelve posts about Markov chains (more or less), three of them also about variance. */
function site(): SearchIndex {
  const ix = new SearchIndex()
  for (let id = 1; id <= 12; id++) {
    const extra = id % 4 === 0 ? ' The variance of the estimator shrinks.' : ''
    ix.put(
      post(id, {
        title: id === 7 ? 'Markov chains' : `Notes ${id}`,
        tags: id % 2 ? ['Probability', 'chains'] : ['probability'],
        text: `${'A Markov chain. '.repeat(1 + (id % 3))}${extra}`,
      }),
      '1',
    )
  }
  return ix
}

describe('finding the best matches among many', () => {
  it('ranks the best few exactly as the full ranking does and still counts every match', () => {
    const ix = site()
    const full = ix.lexical('markov chain', all)
    const { hits, rest } = ix.find('markov chain', all, { top: 3 })
    expect(full).toHaveLength(12)
    expect(full[0].id).toBe(7)
    expect(hits).toEqual(full.slice(0, 3))
    expect([...rest].sort((a, b) => a - b)).toEqual(
      full
        .slice(3)
        .map((h) => h.id)
        .sort((a, b) => a - b),
    )
  })

  it('needs every word, also when one of them is completed or misspelt', () => {
    const ix = site()
    expect(
      ix
        .lexical('markov varia', all)
        .map((h) => h.id)
        .sort((a, b) => a - b),
    ).toEqual([4, 8, 12])
    expect(
      ix
        .lexical('markow variance', all)
        .map((h) => h.id)
        .sort((a, b) => a - b),
    ).toEqual([4, 8, 12])
    expect(ix.lexical('markov zebra', all)).toEqual([])
  })

  it('counts the tags every match carries, under the spelling met first, leaving out filtered ones', () => {
    const ix = site()
    const matches = ix.find('markov', all, { top: 2 })
    expect(ix.sharedTags(matches, [], [])).toEqual(['Probability', 'chains'])
    expect(ix.sharedTags(matches, [], ['PROBABILITY'])).toEqual(['chains'])
  })

  it('follows edits, removals and a reused place in the index, also after a snapshot', () => {
    const ix = site()
    ix.put(post(3, { title: 'Sourdough', tags: ['cooking'], text: 'Bread and starter.' }), '2')
    ix.remove(5)
    ix.put(post(40, { title: 'Markov bread', tags: ['cooking'], text: 'A chain of loaves.' }), '1')
    for (const copy of [
      ix,
      new SearchIndex(JSON.parse(JSON.stringify(ix)) as ConstructorParameters<typeof SearchIndex>[0]),
    ]) {
      const ids = copy.lexical('markov chain', all).map((h) => h.id)
      expect(ids).toContain(40)
      expect(ids).not.toContain(3)
      expect(ids).not.toContain(5)
      expect(copy.sharedTags(copy.find('bread', all), [], [])).toEqual(['cooking'])
    }
  })

  it('applies status and read-time filters from its own copy of each post, as the metadata would', () => {
    const ix = new SearchIndex()
    for (let id = 1; id <= 6; id++) ix.put(post(id, { text: 'Markov chain', readTime: id, published: id !== 2 }), '1')
    ix.put(post(7, { text: 'Markov chain', published: true }), '1')
    const ids = (quick: Parameters<SearchIndex['find']>[2], accept: (id: number) => boolean = all) => {
      const { hits, rest } = ix.find('markov', accept, quick)
      return [...hits.map((h) => h.id), ...rest].sort((a, b) => a - b)
    }
    expect(ids({ quick: { drafts: false } })).toEqual([1, 3, 4, 5, 6, 7])
    expect(ids({ quick: { drafts: true, minReadTime: 2, maxReadTime: 4 } }, (id) => id !== 7)).toEqual([2, 3, 4])
    // A post whose read time the index does not know is left to `accept`.
    expect(ids({ quick: { drafts: true, minReadTime: 5 } }, (id) => id === 7)).toEqual([5, 6, 7])
  })
})
