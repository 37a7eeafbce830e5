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

// A proof that cites nothing outside its book: it leans on the book's definition pages (not all
// of them on this site) and gives each step its reason.
const bookProof = essay(
  3,
  'Variance of a constant times a variable',
  [
    '**Theorem:** Let $X$ be a [random variable](/D/rvar) and $a$ a constant. Then the [variance](/D/var) scales with the square:',
    '',
    '$$\\mathrm{Var}(aX) = a^2 \\mathrm{Var}(X) \\; .$$',
    '',
    '**Proof:** By the definition of the [variance](/D/var), we have',
    '',
    '$$\\mathrm{Var}(aX) = \\mathrm{E}\\left[(aX - \\mathrm{E}(aX))^2\\right]$$',
    '',
    'and, using the [linearity of the expected value](/P/mean-lin), this gives',
    '',
    '$$\\mathrm{Var}(aX) = \\mathrm{E}\\left[a^2 (X - \\mathrm{E}(X))^2\\right]$$',
    '',
    'which, again by the linearity of the expected value, yields',
    '',
    '$$\\mathrm{Var}(aX) = a^2 \\mathrm{Var}(X) \\; .$$',
  ].join('\n'),
)
// An announcement: a little prose ("for the first time", "we have submitted") around bare links.
const announcement = essay(
  4,
  'Season wrap-up',
  [
    'We are grateful to have taken part in the season for the first time, with [three writers](https://example.org/writers).',
    '',
    'We are proud to share the following projects that were completed:',
    '',
    ...['one.org', 'two.com', 'three.net', 'four.io'].flatMap((d) => [
      `- Initial proposal: [https://${d}/p](https://${d}/p)`,
      `- Final writeup: [https://${d}/w](https://${d}/w)`,
    ]),
    '',
    'Thank you to all the writers and mentors. We have submitted our application for the next season.',
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

  it('counts a proof’s justified steps and the book’s pages it uses as evidence, and no stray "first" as reasoning', () => {
    const snap = snapshotOf(bookProof, announcement)
    const p = argumentStrength(snap, bookProof)
    const l = argumentStrength(snap, announcement)
    expect(p.overallScore).toBeGreaterThan(l.overallScore)
    expect(p.method!.join(' ')).toMatch(/4 derivation steps giving their reason \(half each\)/)
    expect(p.method!.join(' ')).toMatch(/3 results of this site it builds on \(half each\)/)
    expect(l.method!.join(' ')).toMatch(/Coherence \d+%: 0% of sentences say how they follow/)
  })

  it('says how each score was computed', () => {
    const a = argumentStrength(snapshotOf(proof, links), links)
    expect(a.method).toHaveLength(4)
    expect(a.method![0]).toMatch(/^Overall \d+% = 40% evidence \+ 35% coherence \+ 25% diversity/)
    expect(a.method!.join(' ')).toContain(`Evidence ${Math.round(a.evidenceQuality * 100)}%`)
  })
})
