import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseEssay } from '../../../src/importer/parse/index.js'
import type { ParsedEssay } from '../../../src/importer/parse/index.js'

const FIXTURES = fileURLToPath(new URL('../../fixtures/essays/', import.meta.url))
const MTIME = new Date('2001-02-03T04:05:06Z')

function parseFixture(name: string): ParsedEssay {
  const path = `${FIXTURES}${name}`
  return parseEssay({ path, text: readFileSync(path, 'utf8'), mtime: MTIME }, { ownerName: 'Site Owner' })
}

describe('parseEssay on fixture essays', () => {
  it('reads a complete YAML frontmatter', () => {
    const essay = parseFixture('yaml-complete.md')
    expect(essay.title).toBe('The Shape of argmin')
    expect(essay.slug).toBe('shape-of-argmin')
    expect(essay.author).toBe('Ada Example')
    expect(essay.publishedAt.toISOString()).toBe('2024-03-05T14:30:00.000Z')
    expect(essay.tags).toEqual(['optimisation', 'Geometry', 'notes', 'convexity'])
    expect(essay.excerpt).toBe('Why minimisers of convex functions form a convex set.')
    expect(essay.metaDescription).toBe('A short note on convex minimisers.')
    expect(essay.featured).toBe(1)
    expect(essay.status).toBe('published')
    expect(essay.warnings).toEqual([])
    // The leading h1 repeats the title, so it is removed to avoid a double title.
    expect(essay.body.startsWith('Minimisers of a convex function')).toBe(true)
    expect(essay.frontmatter.keywords).toEqual(['convexity', 'optimisation'])
  })

  it('reads a TOML block that strict TOML rejects, skipping only the bad value', () => {
    const essay = parseFixture('toml-bad-value.md')
    expect(essay.title).toBe('Notes from a TOML Block')
    expect(essay.author).toBe('Grace Sample, Alan Placeholder')
    expect(essay.publishedAt.toISOString()).toBe('2025-10-08T00:00:00.000Z')
    expect(essay.tags).toEqual(['toml', 'franklin'])
    expect(essay.frontmatter.rss_pubdate).toBe('2025-10-08')
    expect(essay.frontmatter.meta).toEqual([
      ['property', 'og:image', '/cover.png'],
      ['name', 'twitter:card', 'summary'],
    ])
    expect(essay.frontmatter).not.toHaveProperty('broken')
    expect(essay.warnings).toEqual(["frontmatter: could not parse value of 'broken' (line 7), skipped"])
    expect(essay.body.startsWith('A block that a strict TOML parser')).toBe(true)
  })

  it('reads Franklin @def lines, including a multi-line triple-quoted value', () => {
    const essay = parseFixture('franklin-triple-quotes.md')
    expect(essay.title).toBe('Reading Franklin Page Variables')
    expect(essay.author).toBe('Jo Nakamura and Ruth Bell')
    expect(essay.publishedAt.toISOString()).toBe('2019-11-19T00:00:00.000Z')
    expect(essay.excerpt).toBe(
      'Multi-line descriptions are written between triple quotes, and their indentation is not part of the text.',
    )
    expect(essay.tags).toEqual(['julia', 'franklin'])
    expect(essay.frontmatter.hascode).toBe(true)
    expect(essay.frontmatter.mintoclevel).toBe(2)
    expect(essay.body).not.toContain('@def')
    expect(essay.body.startsWith('Everything above this line is metadata.')).toBe(true)
  })

  it('takes the title from the first # heading when there is no frontmatter', () => {
    const essay = parseFixture('no-frontmatter.md')
    expect(essay.title).toBe('Concise Notes on Softmax Regression')
    expect(essay.slug).toBe('concise-notes-on-softmax-regression')
    expect(essay.author).toBe('Site Owner')
    expect(essay.publishedAt).toEqual(MTIME)
    expect(essay.body.startsWith(':label:`sec_softmax_notes`')).toBe(true)
    expect(essay.excerpt).toBe(
      'In the section on softmax, we met the softmax function; here we see why its outputs behave like probabilities, with ∑ᵢ pᵢ = 1 and pᵢ > 0.',
    )
  })

  it('salvages what it can from invalid YAML and says what it skipped', () => {
    const essay = parseFixture('invalid-yaml.md')
    expect(essay.title).toBe('Part 2: The Return of the Colon')
    expect(essay.publishedAt.toISOString()).toBe('2023-07-01T00:00:00.000Z')
    expect(essay.author).toBe('Rosa Example')
    expect(essay.status).toBe('draft')
    expect(essay.tags).toEqual([])
    expect(essay.warnings[0]).toMatch(/^frontmatter: the YAML is not valid: .* \(line \d+\); read entry by entry$/)
    expect(essay.warnings).toContain("frontmatter: value of 'title' (line 2) is not valid YAML; read as plain text")
    expect(essay.warnings).toContain("frontmatter: could not parse value of 'tags' (line 4), skipped")
    expect(essay.body.startsWith('The YAML above is not valid')).toBe(true)
  })

  it('lists authors given as objects by name, without markup', () => {
    const essay = parseFixture('authors-objects.md')
    expect(essay.author).toBe('Marta Rivers, Ken Okafor, Li Wei')
    expect(essay.publishedAt.toISOString()).toBe('2025-10-08T00:00:00.000Z')
    expect(essay.status).toBe('draft')
  })

  it('falls back to the file name for the slug of a Chinese title', () => {
    const essay = parseFixture('cjk-title.md')
    expect(essay.title).toBe('机器学习中的概率论')
    expect(essay.slug).toBe('cjk-title')
    expect(essay.excerpt.startsWith('这是一篇用中文写成的文章')).toBe(true)
  })

  it('imports an empty file with a title from its name', () => {
    const essay = parseFixture('empty.md')
    expect(essay).toMatchObject({
      title: 'Empty',
      slug: 'empty',
      excerpt: '',
      body: '',
      author: 'Site Owner',
      tags: [],
      status: 'published',
      featured: 0,
      warnings: [],
    })
    expect(essay.publishedAt).toEqual(MTIME)
  })
})
