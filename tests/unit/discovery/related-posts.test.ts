import { describe, expect, it } from 'vitest'
import { relatedTo, toRelatedPost } from '../../../src/discovery/related-posts.js'
import { RelatedPostSchema } from '../../../src/shared/schemas/discovery.js'
import { essay, snapshotOf } from './essays.js'

const gradient =
  'Gradient descent follows the negative gradient of the loss. The learning rate sets the step size of gradient descent, and a learning rate too large makes the loss diverge.'
const snap = snapshotOf(
  essay(1, 'Gradient Descent', `${gradient} Momentum smooths gradient descent.`, { tags: ['optimisation'] }),
  essay(2, 'Choosing a Learning Rate', `${gradient} Schedules lower the learning rate over time.`, {
    tags: ['optimisation'],
  }),
  essay(
    3,
    'A Walk in the Alps',
    'The mountain path climbs through pine forest to a lake. Hikers rest at the hut before the summit ridge.',
    { tags: ['travel'] },
  ),
  essay(
    4,
    'Stochastic Gradient Descent',
    `Stochastic gradient descent estimates the gradient from a minibatch. ${gradient}`,
  ),
)

describe('related posts', () => {
  it('ranks essays on the same subject first, never the essay itself, with valid scores and types', () => {
    const related = relatedTo(snap, 1)
    expect(related.map((r) => r.essay.meta.id)).not.toContain(1)
    expect(related[0].essay.meta.id).toBe(2)
    expect(related.map((r) => r.essay.meta.id).indexOf(3)).toBeGreaterThan(
      related.map((r) => r.essay.meta.id).indexOf(4),
    )
    for (const r of related) {
      const post = RelatedPostSchema.parse(toRelatedPost(r))
      expect(post.similarityScore).toBeGreaterThanOrEqual(0)
      expect(post.similarityScore).toBeLessThanOrEqual(1)
    }
    const scores = related.map((r) => r.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('calls an essay that names another one’s subject conceptually related', () => {
    const r = relatedTo(snap, 4).find((x) => x.essay.meta.id === 1)!
    expect(r.parts.title).toBeGreaterThan(0)
    expect(r.type).toBe('conceptual')
  })

  it('calls essays with the same tag topical', () => {
    expect(relatedTo(snap, 1).find((x) => x.essay.meta.id === 2)!.type).toBe('topical')
  })

  it('leaves out an essay sharing nothing', () => {
    const lonely = snapshotOf(
      essay(1, 'Gradient Descent', gradient),
      essay(
        2,
        'Alps',
        'Pine forest and a lake below the summit ridge, then a long descent by the glacier. '.repeat(40),
      ),
    )
    const related = relatedTo(lonely, 1)
    expect(related.every((r) => r.score < 0.5)).toBe(true)
  })
})
