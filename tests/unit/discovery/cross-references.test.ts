import { describe, expect, it } from 'vitest'
import { crossReferences } from '../../../src/discovery/cross-references.js'
import type { Relation } from '../../../src/discovery/related-posts.js'
import type { Essay } from '../../../src/discovery/corpus.js'
import { essay, snapshotOf } from './essays.js'

const text = (extra: string) =>
  `Gradient descent moves the parameters against the gradient of the loss. The learning rate sets the step. ${extra}`.repeat(
    3,
  )
const related = (...essays: Essay[]): Relation[] =>
  essays.map((e) => ({ essay: e, score: 0.6, type: 'topical', parts: {}, shared: [] }) as unknown as Relation)
const dated = (y: number) => ({ frontmatter: { date: `${y}-01-01` }, publishedAt: `${y}-01-01T00:00:00.000Z` })

describe('cross references claim a relationship only with its evidence', () => {
  const basics = essay(9, 'Convexity', text('A convex loss has one minimum.'))

  it('lists no related essay that only shares words', () => {
    const a = essay(1, 'Descent', text(''), dated(2020))
    const b = essay(2, 'Momentum', text(''), dated(2021))
    expect(crossReferences(snapshotOf(a, b, basics), a, related(b))).toEqual([])
  })

  it('relates two essays that lean on the same post, by date only when both are dated', () => {
    const a = essay(1, 'Descent', text('See [convexity](/posts/convexity).'), dated(2020))
    const b = essay(2, 'Momentum', text('See [convexity](/posts/convexity).'), dated(2021))
    const undated = essay(3, 'Adam', text('See [convexity](/posts/convexity).'))
    const refs = crossReferences(snapshotOf(a, b, undated, basics), a, related(b, undated))
    const byTarget = Object.fromEntries(refs.map((r) => [r.targetPostTitle, r]))
    expect(byTarget.Momentum).toMatchObject({ concept: 'Convexity', relationshipType: 'expansion' })
    expect(byTarget.Adam).toMatchObject({ concept: 'Convexity', relationshipType: 'support' })
    expect(byTarget.Convexity.relationshipType).toBe('citation')
    // Each says what the claim rests on and how its strength was computed.
    expect(byTarget.Momentum.evidence).toEqual([
      'Both link to “Convexity”.',
      'It came later (2021-01-01, this essay 2020-01-01).',
      'Strength: 60% text similarity (shared words and structure).',
    ])
    expect(byTarget.Adam.evidence?.[1]).toBe('No dispute in its text and no dated order: the two support each other.')
    expect(byTarget.Convexity.evidence).toEqual([
      'This essay links to it (“convexity”).',
      'Strength: 60% for the link + 40% × 0% text similarity.',
    ])
    expect(byTarget.Convexity.strength).toBe(0.6)
  })

  it('claims a contradiction only where the text disputes the concept, never for a bare "not"', () => {
    const a = essay(1, 'Descent', text('See [convexity](/posts/convexity).'), dated(2020))
    const plain = essay(
      2,
      'Saddles',
      text('See [convexity](/posts/convexity). A saddle point is not a minimum, and Convexity does not apply there.'),
      dated(2021),
    )
    const dispute = essay(
      3,
      'Critique',
      text(
        'See [convexity](/posts/convexity). Contrary to common belief, the claim about Convexity is wrong for deep networks.',
      ),
      dated(2022),
    )
    const refs = crossReferences(snapshotOf(a, plain, dispute, basics), a, related(plain, dispute))
    expect(refs.find((r) => r.targetPostTitle === 'Saddles')?.relationshipType).toBe('expansion')
    expect(refs.find((r) => r.targetPostTitle === 'Critique')?.relationshipType).toBe('contradiction')
    expect(refs.find((r) => r.targetPostTitle === 'Critique')?.evidence?.[1]).toMatch(
      /^It disputes it: “Contrary to common belief, the claim about Convexity is wrong/,
    )
  })
})
