import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { parseEssay } from '../../../src/importer/parse/index.js'

// The essays a newcomer sees on first start; they double as a showcase of the syntax.
const SAMPLES = fileURLToPath(new URL('../../../data/essays/', import.meta.url))
const OWNER = 'Site Owner'

describe('sample essays in data/essays', async () => {
  const { files } = await findEssayFiles([SAMPLES])
  const essays = files.map((path) =>
    parseEssay({ path, text: readFileSync(path, 'utf8'), mtime: new Date(0) }, { ownerName: OWNER }),
  )

  it('has four to six essays that import without warnings', () => {
    expect(essays.length).toBeGreaterThanOrEqual(4)
    expect(essays.length).toBeLessThanOrEqual(6)
    for (const essay of essays) expect(essay.warnings, essay.title).toEqual([])
  })

  it('has exactly one featured essay and exactly one draft', () => {
    expect(essays.filter((e) => e.featured === 1)).toHaveLength(1)
    expect(essays.filter((e) => e.status === 'draft')).toHaveLength(1)
  })

  it('names an author on exactly one essay, leaving the rest to the site owner', () => {
    expect(essays.filter((e) => e.author !== OWNER)).toHaveLength(1)
  })

  it('gives every essay a date, tags, an excerpt and distinct slugs', () => {
    for (const essay of essays) {
      expect(essay.publishedAt.getTime(), essay.title).toBeGreaterThan(0)
      expect(essay.tags.length, essay.title).toBeGreaterThan(0)
      expect(essay.excerpt.length, essay.title).toBeGreaterThan(40)
    }
    expect(new Set(essays.map((e) => e.slug)).size).toBe(essays.length)
  })

  it('shows off the syntax the site supports somewhere in the set', () => {
    const bodies = essays.map((e) => e.body).join('\n')
    for (const feature of [
      '$$',
      '\\begin{align}',
      '\\label{',
      '\\eqref{',
      '```python',
      '```typescript',
      '|---|',
      '[^',
    ]) {
      expect(bodies, feature).toContain(feature)
    }
  })
})
