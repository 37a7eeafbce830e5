import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseEssay } from '../../../src/importer/parse/index.js'

const PATH = new URL('../../fixtures/distill/_posts/2024-05-14-notes-in-the-margin.md', import.meta.url)
const MTIME = new Date('2020-06-01T12:00:00Z')

const parse = (text: string, path = '/site/_posts/2024-05-14-x.md') =>
  parseEssay({ path, text, mtime: MTIME }, { ownerName: 'Site Owner' })

describe('distill front matter', () => {
  const essay = parse(readFileSync(PATH, 'utf8'), PATH.pathname)

  it('reads the authors list as names, keeping affiliations in the stored front matter', () => {
    expect(essay.author).toBe('Ada Lovelace, Charles Babbage')
    const authors = essay.frontmatter.authors as Array<{ name: string; url?: string; affiliations: { name: string } }>
    expect(authors.map((a) => a.affiliations.name)).toEqual([
      'Analytical Society, London',
      'Trinity College, Cambridge',
    ])
    expect(authors[0].url).toBe('https://en.wikipedia.org/wiki/Ada_Lovelace')
  })

  it('takes the description as the excerpt, and the title and date as written', () => {
    expect(essay.excerpt).toBe(
      'How a distill post keeps its asides, footnotes and citations beside the text they qualify.',
    )
    expect(essay.title).toBe('Notes in the margin')
    expect(essay.publishedAt.toISOString()).toBe('2024-05-14T00:00:00.000Z')
    expect(essay.tags).toEqual(['distill', 'notes'])
  })

  it('is not troubled by layout keys: _styles, toc, layout, giscus_comments, related_posts', () => {
    expect(essay.warnings).toEqual([])
    expect(essay.status).toBe('published')
    expect(essay.body.startsWith('Readers of long essays')).toBe(true)
  })

  it('reads an author whose affiliations are a list, or who has no name', () => {
    const text =
      '---\ntitle: T\nauthors:\n  - name: Grace Hopper\n    affiliations:\n      - name: Yale\n      - name: Navy\n  - url: https://example.org\n---\n\nBody text of the essay goes here.'
    const parsed = parse(text)
    expect(parsed.author).toBe('Grace Hopper')
    expect(parsed.warnings).toEqual([])
  })
})

describe('excerpts read as prose', () => {
  it('drops bracketed d2l references and says the others in words', () => {
    const text = [
      'Archimedes inscribed polygons in a circle',
      '(:numref:`fig_circle_area`). In :numref:`sec_linear_regression`, and again',
      'in :numref:`sec_gd`, we met :eqref:`eq_loss`, as :numref:`fig_x` shows.',
    ].join('\n')
    expect(parse(text).excerpt).toBe(
      'Archimedes inscribed polygons in a circle. In the section on linear regression, and again in another section, we met the equation, as the figure shows.',
    )
  })

  it('writes set braces and spacing commands as a reader would', () => {
    const text =
      'Let $y = \\lbrace y_1, \\ldots, y_n \\rbrace, \\quad y_i \\sim \\mathcal{N}(\\mu, \\sigma^2)$ be a data set of n points.'
    const excerpt = parse(text).excerpt
    expect(excerpt).toBe('Let y = { y₁, …, yₙ }, yᵢ ∼ N(μ, σ²) be a data set of n points.')
    expect(excerpt).not.toMatch(/lbrace|rbrace|quad/)
  })
})
