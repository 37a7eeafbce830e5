import { describe, expect, it } from 'vitest'
import {
  MAX_SLUG_LENGTH,
  asciiCoverage,
  essaySlug,
  slugFromFileName,
  slugify,
  uniqueSlug,
} from '../../../src/shared/slug.js'

describe('slugify', () => {
  it.each([
    ['The Geometry of Least Squares', 'the-geometry-of-least-squares'],
    ['Émile Borel', 'emile-borel'],
    ['  --Leading, trailing & double -- dashes--  ', 'leading-trailing-double-dashes'],
    ["Don't Panic: Newton's Method", 'dont-panic-newtons-method'],
    ['Straße, Æther, Łódź', 'strasse-aether-lodz'],
    ['Some π-ography', 'some-pi-ography'],
    ['Julia 1.5 Feature Preview', 'julia-1-5-feature-preview'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['机器学习', ''],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (text, expected) => {
    expect(slugify(text)).toBe(expected)
  })

  it(`cuts long slugs at a dash, within ${MAX_SLUG_LENGTH} characters`, () => {
    const slug = slugify(
      'Distributions of estimated parameters, fitted signal and residuals in multiple linear regression upon ordinary least squares',
    )
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect(slug).toBe('distributions-of-estimated-parameters-fitted-signal-and-residuals-in-multiple')
  })

  it('hard-cuts a single very long word', () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(MAX_SLUG_LENGTH))
  })
})

describe('uniqueSlug', () => {
  it('returns the base when it is free, else the first free -N', () => {
    const taken = new Set(['essay', 'essay-2', 'essay-3'])
    expect(uniqueSlug('fresh', (s) => taken.has(s))).toBe('fresh')
    expect(uniqueSlug('essay', (s) => taken.has(s))).toBe('essay-4')
  })

  it('uses "post" for an empty base and stays within the length limit', () => {
    expect(uniqueSlug('', () => false)).toBe('post')
    const long = slugify('word '.repeat(40))
    const next = uniqueSlug(long, (s) => s === long)
    expect(next.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH)
    expect(next.endsWith('-2')).toBe(true)
  })
})

describe('slugFromFileName', () => {
  it.each([
    ['/essays/softmax-regression.md', 'softmax-regression'],
    ['C:\\essays\\Random Walks.markdown', 'random-walks'],
    ['/book/chapter_gans/index.md', 'chapter-gans'],
    ['README.md', 'readme'],
    ['/x/机器学习.md', ''],
  ])('%s → %s', (path, expected) => {
    expect(slugFromFileName(path)).toBe(expected)
  })
})

describe('essaySlug', () => {
  it('prefers the frontmatter slug, then the title, then the file name', () => {
    expect(essaySlug({ slug: 'My Slug', title: 'Title', path: '/a/file.md' })).toBe('my-slug')
    expect(essaySlug({ slug: '文章', title: 'Title Words', path: '/a/file.md' })).toBe('title-words')
    expect(essaySlug({ title: 'Title Words', path: '/a/file.md' })).toBe('title-words')
  })

  it('falls back to the file name for a Chinese title, and to "post" after that', () => {
    expect(essaySlug({ title: '机器学习与编程语言', path: '/blog/ml-pl-cn.md' })).toBe('ml-pl-cn')
    expect(essaySlug({ title: 'Julia将支持可组合的多线程并行机制', path: '/blog/multithreading-zh-cn.md' })).toBe(
      'multithreading-zh-cn',
    )
    expect(essaySlug({ title: '机器学习', path: '/blog/机器学习.md' })).toBe('post')
  })

  it('uses the ASCII part of a mostly-Chinese title when the file name has none', () => {
    expect(essaySlug({ title: 'Julia将支持可组合的多线程并行机制', path: '/blog/文章.md' })).toBe('julia')
  })
})

describe('asciiCoverage', () => {
  it('measures how much of a title survives as ASCII', () => {
    expect(asciiCoverage('Émile Borel')).toBe(1)
    expect(asciiCoverage('机器学习')).toBe(0)
    expect(asciiCoverage('2024')).toBe(1)
  })
})
