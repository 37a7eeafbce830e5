import { describe, expect, it } from 'vitest'
import { argumentStrength } from '../../../src/discovery/argument-strength.js'
import { essay, snapshotOf } from './essays.js'

// A formal proof: short, one source, every step with its reason.
const proof = essay(
  1,
  'Mean of a sum',
  [
    '**Theorem:** The mean of a sum is the sum of the means, as shown in [a textbook](https://example.org/book).',
    '',
    '**Proof:** By the definition of the expected value, we have',
    '',
    '$$\\mathrm{E}(X+Y) = \\sum_x \\sum_y (x+y)\\, p(x,y)$$',
    '',
    'and, using the linearity of the sum, this gives',
    '',
    '$$\\mathrm{E}(X+Y) = \\sum_x x\\, p(x) + \\sum_y y\\, p(y)$$',
    '',
    'which, by the definition in (1), yields',
    '',
    '$$\\mathrm{E}(X+Y) = \\mathrm{E}(X) + \\mathrm{E}(Y) \\; .$$',
  ].join('\n'),
)
// A list of addresses: many sources, nothing argued.
const links = essay(
  2,
  'Projects of the season',
  [
    'We are proud to share the projects of this season.',
    '',
    ...['one.org', 'two.com', 'three.net', 'four.io', 'five.dev', 'six.edu'].flatMap((d) => [
      `- Proposal: [https://${d}/p](https://${d}/p)`,
      `- Writeup: [https://${d}/w](https://${d}/w)`,
    ]),
  ].join('\n'),
)

describe('argument strength', () => {
  it('does not rate a formal proof whose steps give their reasons below a list of links', () => {
    const snap = snapshotOf(proof, links)
    const p = argumentStrength(snap, proof)
    const l = argumentStrength(snap, links)
    expect(p.overallScore).toBeGreaterThan(l.overallScore)
    expect(p.supportingEvidence.join(' ')).toMatch(/3 of its 3 derivation steps state their reason/)
    expect(l.weakPoints.join(' ')).toMatch(/links stand alone/)
  })

  it('says how each score was computed', () => {
    const a = argumentStrength(snapshotOf(proof, links), links)
    expect(a.method).toHaveLength(4)
    expect(a.method![0]).toMatch(/^Overall \d+% = 40% evidence \+ 35% coherence \+ 25% diversity/)
    expect(a.method!.join(' ')).toContain(`Evidence ${Math.round(a.evidenceQuality * 100)}%`)
  })
})
