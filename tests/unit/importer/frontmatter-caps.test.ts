import { describe, expect, it } from 'vitest'
import { MAX_HEADER_CHARS, MAX_HEADER_KEYS, splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'
import { parseEssay } from '../../../src/importer/parse/index.js'

// Issue 21, finding 2: 100,000 YAML keys froze the server for over a minute in the YAML reader.
// A header past 64 kB or 1,000 keys is skipped with a warning; the essay imports with its defaults.
const BOUND_MS = 10_000

describe('front matter caps', () => {
  it(
    'skips a YAML block of 100,000 keys with a warning, and keeps the body',
    () => {
      const yaml = Array.from({ length: 100_000 }, (_v, i) => `k${i}: ${i}`).join('\n')
      const out = splitFrontmatter(`---\n${yaml}\n---\n\n# Body\n\nText.`)
      expect(out.frontmatter).toEqual({})
      expect(out.body).toBe('# Body\n\nText.')
      expect(out.warnings).toEqual([
        expect.stringMatching(
          /^frontmatter: the YAML block at line 1 has \d+ kB, more than the 64 kB a header may have; ignored/,
        ),
      ])
    },
    BOUND_MS,
  )

  it(
    'skips a block of more keys than a header may have even when it is small',
    () => {
      const keys = Array.from({ length: MAX_HEADER_KEYS + 1 }, (_v, i) => `k${i}: 1`).join('\n')
      expect(keys.length).toBeLessThan(MAX_HEADER_CHARS)
      const out = splitFrontmatter(`---\n${keys}\n---\nBody`)
      expect(out.frontmatter).toEqual({})
      expect(out.warnings).toEqual([
        `frontmatter: the YAML block at line 1 has ${MAX_HEADER_KEYS + 1} keys, more than the ${MAX_HEADER_KEYS} a header may have; ignored, the essay's defaults are used`,
      ])
      const toml = splitFrontmatter(`+++\n${keys.replace(/: /g, ' = ')}\n+++\nBody`)
      expect(toml.frontmatter).toEqual({})
      expect(toml.body).toBe('Body')
    },
    BOUND_MS,
  )

  it(
    'still reads a real header, and an essay with a skipped one imports with its defaults',
    () => {
      const keys = Array.from({ length: 900 }, (_v, i) => `k${i}: 1`).join('\n')
      expect(splitFrontmatter(`---\ntitle: T\n${keys}\n---\nBody`).frontmatter.title).toBe('T')
      const big = `---\ntitle: Lost\n${'x: 1\n'.repeat(20_000)}---\n\n# From the heading\n\nText.`
      const parsed = parseEssay(
        { path: '/e/file-name.md', text: big, mtime: new Date('2024-01-01') },
        { ownerName: 'O' },
      )
      expect(parsed.title).toBe('From the heading')
      expect(parsed.warnings[0]).toMatch(/^frontmatter: the YAML block at line 1 has /)
    },
    BOUND_MS,
  )
})
