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

function index(): SearchIndex {
  const ix = new SearchIndex()
  ix.put(post(1, { title: 'Gradient descent', text: 'We follow the slope downhill.' }), '1')
  ix.put(
    post(2, { text: 'Gradient descent appears here only in passing, among many other words about optimisation.' }),
    '1',
  )
  ix.put(post(3, { tags: ['gradient'], text: 'Descent of a different kind.' }), '1')
  ix.put(post(4, { text: 'The integral $\\int_0^1 x\\,dx$ of a polynomial.' }), '1')
  return ix
}
const all = () => true

describe('the search index', () => {
  it('ranks title hits over tag hits over body hits, and needs every word', () => {
    const hits = index().lexical('gradient descent', all)
    expect(hits.map((h) => h.id)).toEqual([1, 3, 2])
    expect(hits[0].match.gradient).toContain('title')
    expect(
      index()
        .lexical('gradient slope', all)
        .map((h) => h.id),
    ).toEqual([1])
  })

  it('completes the last word unless the query is finished', () => {
    expect(
      index()
        .lexical('integ', all)
        .map((h) => h.id),
    ).toEqual([4])
    expect(index().lexical('integ', all, { complete: true })).toEqual([])
  })

  it('matches near spellings of words the site does not know', () => {
    expect(
      index()
        .lexical('gradeint', all)
        .map((h) => h.id),
    ).toEqual(expect.arrayContaining([1, 2, 3]))
  })

  it('indexes no TeX commands as words and follows replacements and removals', () => {
    const ix = index()
    expect(ix.lexical('int', all, { complete: true })).toEqual([])
    ix.put(post(4, { text: 'Now about lattices.' }), '2')
    expect(ix.lexical('polynomial', all)).toEqual([])
    expect(ix.lexical('lattices', all).map((h) => h.id)).toEqual([4])
    expect(ix.stampOf(4)).toBe('2')
    ix.remove(4)
    expect(ix.lexical('lattices', all)).toEqual([])
    expect(ix.size).toBe(3)
  })

  it('comes back from its snapshot answering the same, and keeps following changes', () => {
    const ix = index()
    const copy = new SearchIndex(JSON.parse(JSON.stringify(ix)) as ConstructorParameters<typeof SearchIndex>[0])
    for (const q of ['gradient descent', 'integ', 'gradeint']) expect(copy.lexical(q, all)).toEqual(ix.lexical(q, all))
    const similar = (x: SearchIndex) => x.vectors.similar(x.vectors.queryVector(['slope'], [1]), all, 0, 5)
    expect(similar(copy)).toEqual(similar(ix))
    expect(copy.stampOf(1)).toBe('1')
    copy.remove(1)
    copy.put(post(5, { title: 'Slopes and gradients' }), '1')
    expect(copy.lexical('gradient', all).map((h) => h.id)).toEqual([5, 3, 2])
    expect(copy.vectors.postsWith('slope', true)).toBe(1)
  })

  it('leaves out what the filter refuses', () => {
    expect(
      index()
        .lexical('gradient', (id) => id !== 1)
        .map((h) => h.id),
    ).toEqual([3, 2])
  })
})
