import { describe, expect, it } from 'vitest'
import { junkOf, selfNamed } from '../../../eval/junk.js'
import { halfOf } from '../../../eval/split.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'

const model: MathematicalModel = {
  field: '',
  abstract: '',
  variables: [{ symbol: '\\sigma', name: 'σ', description: '', unit: '', range: '', measurability: 'theoretical' }],
  equations: [],
  systemDynamics: '',
  validation: { reliability: 'low', strengths: [], limitations: [], validationMethods: [] },
  practicalApplications: [],
}

describe('the evaluation’s halves and gold-free junk (issue 39)', () => {
  it('keeps a listed essay’s half and places a new one by the hash of its path', () => {
    expect(halfOf('statproofbook/P/slr-ols.md')).toBe('tune')
    expect(halfOf('statproofbook/P/blr-post.md')).toBe('check')
    expect(halfOf('new/essay.md')).toBe(halfOf('new/essay.md'))
  })

  it('finds citations, link-only notes, connections without a reason, self-named symbols and TeX', () => {
    const note = (targetText: string, annotation: string, type: 'context' | 'connection' = 'context') => ({
      type,
      targetText,
      annotation,
      category: '',
      priority: 'high' as const,
    })
    const kinds = junkOf({
      annotations: [
        note('et al', 'Also discussed in “X”.', 'connection'),
        note('race condition', 'The essay links it to https://en.wikipedia.org/wiki/Race_condition.'),
        note('gradient', 'Its formula: argmin_(xx ∈ RR^d) f(xx).'),
      ],
      model,
      summary: 'A clean summary.',
      reading: [],
      references: [],
      plainText: 'A race condition occurs (Smith et al., 2020).',
    }).map((j) => j.kind)
    expect(kinds).toEqual(['citation', 'connection-without-why', 'link-alone', 'tex-in-text', 'self-named-symbol'])
    expect(selfNamed('f', '')).toBe(false)
  })

  it('takes a phrase of seven words for a fragment, a hyphenated compound counting as one word', () => {
    const note = (targetText: string) => ({
      type: 'definition' as const,
      targetText,
      annotation: 'The essay defines it: a score summed over the data, one held-out point at a time.',
      category: '',
      priority: 'high' as const,
    })
    const kindsOf = (targetText: string) =>
      junkOf({
        annotations: [note(targetText)],
        model,
        summary: '',
        reading: [],
        references: [],
        plainText: `We use the ${targetText} here.`,
      }).map((j) => j.kind)
    expect(kindsOf('cumulative leave-P-out cross-validation score')).not.toContain('fragment')
    expect(kindsOf('score of the model summed over all the data points')).toContain('fragment')
  })
})
