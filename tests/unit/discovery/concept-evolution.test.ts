import { describe, expect, it } from 'vitest'
import { conceptEvolution } from '../../../src/discovery/concept-evolution.js'
import { essay, snapshotOf } from './essays.js'

const derivation = '$$\n\\begin{split}\na &= b \\\\\nc &= d\n\\end{split}\n$$\n'
const about = (topic: string, words: string) => `${topic} ${words} `.repeat(6)

describe('concept evolution', () => {
  it('finds concepts in the prose, never a TeX environment’s name', () => {
    const essays = [1, 2, 3].map((id) =>
      essay(
        id,
        `Posterior ${id}`,
        `${about('The posterior distribution', 'updates the prior with the likelihood.')}\n\n${derivation.repeat(5)}`,
        { frontmatter: { date: `202${id}-01-01` }, publishedAt: `202${id}-01-01T00:00:00.000Z` },
      ),
    )
    const concepts = conceptEvolution(snapshotOf(...essays)).map((c) => c.concept)
    expect(concepts).not.toContain('split')
    expect(concepts.some((c) => c.includes('posterior'))).toBe(true)
  })

  it('leaves undated essays (dated by their import) out of the trend', () => {
    const dated = [1, 2].map((id) =>
      essay(id, `Kernel ${id}`, about('Kernel regression', 'smooths the observations with a kernel.'), {
        frontmatter: { date: `201${id}-01-01` },
        publishedAt: `201${id}-01-01T00:00:00.000Z`,
      }),
    )
    // Imported today without a date of their own: they would make every concept "rising".
    const undated = [3, 4, 5, 6].map((id) =>
      essay(id, `Kernel note ${id}`, about('Kernel regression', 'smooths the observations with a kernel.'), {
        publishedAt: '2026-11-25T00:00:00.000Z',
      }),
    )
    const kernel = conceptEvolution(snapshotOf(...dated, ...undated)).find((c) => c.concept.includes('kernel'))!
    expect(kernel.trend).toBe('steady')
    expect(kernel.lastSeen.slice(0, 4)).toBe('2012')
    expect(kernel.totalPosts).toBe(6)
  })
})
