import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'

// After mystmd's guide, docs/exercises.md "Referencing Exercises & Solutions" (jupyter-book/mystmd, MIT).
const page = [
  '```{exercise}',
  ':label: my-exercise',
  '',
  'Recreate the plot.',
  '```',
  '',
  '````{solution} my-exercise',
  ':label: my-solution',
  '',
  'Here’s one solution.',
  '````',
  '',
  'See {ref}`my-solution`, [](#my-exercise) and [the answer](#my-solution).',
  '',
].join('\n')

describe('MyST references to exercises and their solutions', () => {
  const { html } = renderMarkdown(page)

  it('names a solution by the exercise it solves, where it stands and where a reference points at it', () => {
    expect(html).toContain('<div class="theorem theorem-solution" id="user-content-my-solution">')
    expect(html).toContain('<strong class="theorem-label">Solution to Exercise 1</strong>')
    expect(html).toContain('See <a href="#user-content-my-solution">Solution to Exercise 1</a>')
  })

  it('reads `[](#label)` as a reference, the target’s name filling an empty link, written words kept', () => {
    expect(html).toContain('<a href="#user-content-my-exercise">Exercise 1</a>')
    expect(html).toContain('<a href="#user-content-my-solution">the answer</a>')
    expect(html).not.toContain('>#my-exercise<')
  })
})

describe('mystmd’s `proof:` spelling of theorems (docs/proofs-and-theorems.md)', () => {
  const { html, warnings } = renderMarkdown(
    [
      ':::{proof:theorem} Orthogonal-Projection-Theorem',
      ':label: my-theorem',
      '',
      'There is a unique closest point.',
      ':::',
      '',
      ':::{prf:lemma}',
      ':label: lem',
      '',
      'A lemma.',
      ':::',
      '',
      'See {proof:ref}`my-theorem` and {prf:ref}`lem`.',
      '',
    ].join('\n'),
  )

  it('reads `proof:theorem` as sphinx-proof’s `prf:theorem`, numbered and named, and `{proof:ref}` as a reference', () => {
    expect(html).toContain(
      '<strong class="theorem-label">Theorem 1</strong> <span class="theorem-name">(Orthogonal-Projection-Theorem)</span>',
    )
    expect(html).toContain(
      'See <a href="#user-content-my-theorem">Theorem 1</a> and <a href="#user-content-lem">Lemma 1</a>',
    )
    expect(warnings).toEqual([])
  })
})
