import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseEssay } from '../../../src/importer/parse/index.js'
import type { ParsedEssay } from '../../../src/importer/parse/index.js'

// The shared corpus of real essays lives outside the project (it is test data we may not copy
// in). It is resolved from this file so the test works from any working directory.
const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url))
const EXPECTED_ESSAYS = 281
const OWNER = 'Corpus Owner'

function markdownFiles(folder: string, top = true): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '_licenses' || entry.name.startsWith('.')) return []
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return markdownFiles(path, false)
    // The corpus README at the top describes the corpus; it is not an essay.
    return entry.name.endsWith('.md') && !top ? [path] : []
  })
}

function listCorpus(): string[] {
  let files: string[]
  try {
    files = markdownFiles(CORPUS)
  } catch (error) {
    // Deliberately not a skip: without the corpus this test would prove nothing.
    throw new Error(`The essay corpus is missing at ${CORPUS}: ${(error as Error).message}`, { cause: error })
  }
  return files.sort()
}

const parsed = new Map<string, ParsedEssay>()
function parseCorpusFile(path: string): ParsedEssay {
  const cached = parsed.get(path)
  if (cached) return cached
  const essay = parseEssay(
    { path, text: readFileSync(path, 'utf8'), mtime: statSync(path).mtime },
    { ownerName: OWNER },
  )
  parsed.set(path, essay)
  return essay
}

const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/
const METADATA_MARKER = /@def|\+\+\+|---/

describe('parseEssay on every corpus essay', () => {
  const files = listCorpus()

  it(`finds all ${EXPECTED_ESSAYS} essays`, () => {
    expect(files.length).toBe(EXPECTED_ESSAYS)
  })

  it(
    'reads the same title and body when the import leaves the first paragraph to the render',
    { timeout: 120_000 },
    () => {
      // The import parses only as much of a body as its title heading needs (body-scan.ts).
      const differ: string[] = []
      for (const path of files) {
        const input = { path, text: readFileSync(path, 'utf8'), mtime: statSync(path).mtime }
        const later = parseEssay(input, { ownerName: OWNER }, 'later')
        const whole = parseCorpusFile(path)
        if (later.title !== whole.title || later.body !== whole.body) differ.push(relative(CORPUS, path))
      }
      expect(differ).toEqual([])
    },
  )

  it('reads each essay into sane fields', { timeout: 120_000 }, () => {
    const problems: string[] = []
    for (const path of files) {
      const name = relative(CORPUS, path)
      let essay: ParsedEssay
      try {
        essay = parseCorpusFile(path)
      } catch (error) {
        problems.push(`${name}: threw ${(error as Error).message}`)
        continue
      }
      const check = (ok: boolean, what: string): void => {
        if (!ok) problems.push(`${name}: ${what}`)
      }
      check(essay.title.trim().length > 0, 'empty title')
      check(essay.slug.length > 0 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(essay.slug), `bad slug ${essay.slug}`)
      check(essay.author.trim().length > 0, 'empty author')
      for (const [field, value] of [
        ['title', essay.title],
        ['author', essay.author],
        ['excerpt', essay.excerpt],
      ] as const) {
        check(!HTML_TAG.test(value), `HTML in ${field}: ${value.slice(0, 80)}`)
        check(!METADATA_MARKER.test(value), `frontmatter syntax in ${field}: ${value.slice(0, 80)}`)
      }
      check(essay.excerpt.length <= 300, `excerpt of ${essay.excerpt.length} chars`)
      check(!Number.isNaN(essay.publishedAt.getTime()), 'invalid date')
      check(essay.body.length > 0, 'empty body')
      check(!/^@def\s/m.test(essay.body.slice(0, 200)), '@def left in body')
      check(essay.warnings.length === 0, `warnings: ${essay.warnings.join('; ')}`)
    }
    expect(problems).toEqual([])
  })

  describe('spot checks', () => {
    const essay = (path: string): ParsedEssay => parseCorpusFile(join(CORPUS, path))

    it('julialang-blog: Franklin @def with an HTML author', () => {
      const profilers = essay('julialang-blog/blog/2019/09/profilers.md')
      expect(profilers.title).toBe('Profiling tool wins and woes')
      expect(profilers.author).toBe('Jameson Nash')
      expect(profilers.publishedAt.toISOString().slice(0, 10)).toBe('2019-09-16')
      expect(profilers.excerpt.startsWith('Profiling tools are awesome.')).toBe(true)
      expect(profilers.body.startsWith('Profiling tools are awesome.')).toBe(true)
    })

    it('julialang-blog: a +++ block with Julia values, after an HTML comment', () => {
      const sharks = essay('julialang-blog/blog/2021/08/sharks.md')
      expect(sharks.title).toBe('Simulation of a swimming dogfish shark')
      expect(sharks.author).toBe('Gabriel D Weymouth')
      expect(sharks.publishedAt.toISOString().slice(0, 10)).toBe('2021-08-12')
    })

    it('julialang-blog: @def lines followed by a +++ block', () => {
      const tenYears = essay('julialang-blog/blog/2022/02/10years.md')
      expect(tenYears.title).toBe('Why We Use Julia, 10 Years Later')
      expect(tenYears.frontmatter.meta).toBeInstanceOf(Array)
      expect(tenYears.body).not.toMatch(/^\+\+\+$/m)
    })

    it('julialang-blog: HTML entities and a Chinese title', () => {
      expect(essay('julialang-blog/blog/2017/03/piday.md').title).toBe('Some fun with Π in Julia')
      const chinese = essay('julialang-blog/blog/2019/07/multithreading-zh-cn.md')
      expect(chinese.title).toBe('Julia将支持可组合的多线程并行机制')
      expect(chinese.slug).toBe('multithreading-zh-cn')
    })

    it('statproofbook: YAML proof with sources kept in the frontmatter', () => {
      const proof = essay('statproofbook/P/vm-bvn.md')
      expect(proof.title).toBe('Relationship between bivariate normal distribution and von Mises distribution')
      expect(proof.author).toBe('Joram Soch')
      expect(proof.publishedAt.toISOString()).toBe('2026-04-22T15:24:48.000Z')
      expect(proof.excerpt.startsWith('Theorem: Let Y₁ and Y₂ follow a bivariate normal distribution')).toBe(true)
      expect(proof.frontmatter.sources).toHaveLength(2)
    })

    it('d2l-en: title from the # heading after a code cell, heading removed from the body', () => {
      const section = essay('d2l-en/chapter_linear-classification/softmax-regression-concise.md')
      expect(section.title).toBe('Concise Implementation of Softmax Regression')
      expect(section.author).toBe(OWNER)
      expect(section.body).not.toContain('# Concise Implementation of Softmax Regression')
      expect(section.body).toContain(':label:`sec_softmax_concise`')
      expect(section.excerpt.startsWith('Just as high-level deep learning frameworks made it easier')).toBe(true)
    })
  })
})
