import { describe, expect, it } from 'vitest'
import {
  readingLinks,
  structureOf as structureOfReading,
  structureSimilarity,
} from '../../../src/discovery/structure-features.js'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'

const readingOf = (markdown: string) => renderMarkdown(markdown).reading
const structureOf = (markdown: string, words: number) => structureOfReading(readingOf(markdown), words)

const maths =
  "# Proof\n\nLet $x$ be real. Then\n\n$$ \\int_0^1 x\\,dx = 1/2 $$\n\nand $y = x^2$ gives\n\n$$ y' = 2x $$\n".repeat(5)
const code = '# Setup\n\nInstall it.\n\n```python\nprint(1)\n```\n\n## Run\n\nThen run it.\n\n```sh\nrun\n```\n'.repeat(
  5,
)
const count = (s: string) => s.split(/\s+/).filter(Boolean).length

describe('structure features', () => {
  it('counts formulas, code blocks and headings per length', () => {
    const m = structureOf(maths, count(maths))
    expect(m.mathDensity).toBeGreaterThan(10)
    expect(m.codeDensity).toBe(0)
    const c = structureOf(code, count(code))
    expect(c.codeDensity).toBeGreaterThan(50)
    expect(c.mathDensity).toBe(0)
    expect(c.headingDepth).toBe(2)
  })

  it('finds an essay most like itself, and a math essay unlike a code tutorial', () => {
    const m = structureOf(maths, count(maths))
    const c = structureOf(code, count(code))
    expect(structureSimilarity(m, m)).toBe(1)
    expect(structureSimilarity(m, c)).toBeLessThan(0.6)
  })

  it('reads links with their text, as the site rendered them', () => {
    expect(
      readingLinks(readingOf('See [the proof](/P/norm-snorm) and [a site](https://example.org "title").')),
    ).toEqual([
      { text: 'the proof', url: '/P/norm-snorm', block: 'paragraph' },
      { text: 'a site', url: 'https://example.org', block: 'paragraph' },
    ])
  })
})
