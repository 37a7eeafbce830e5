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
})
