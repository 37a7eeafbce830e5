import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()

/** Filler that makes an essay long without competing for the summary: questions, no two sharing a word. */
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const w = (k: number) => `w${i}x${k}`
    return `Why ${w(1)} ${w(2)} ${w(3)} ${w(4)} ${w(5)} ${w(6)} ${w(7)} ${w(8)} ${w(9)} ${w(10)}?`
  }).join(' ')

/** The author's purpose in the front matter, and an opening that restates it. */
const opening = `---
description: We study how momentum changes the convergence of gradient descent on quadratic problems
---
Momentum changes the convergence of gradient descent on quadratic problems in three regions of its parameters.`

/** The summary of a momentum essay: the opening, then the body. */
const summaryOf = (id: number, body: string) =>
  provider.summary(inputFor({ id, title: 'Momentum', markdown: `${opening}\n\n${body}` }))

describe('the findings a summary adds to the author’s purpose (issue 39)', () => {
  it('takes as many findings as a summary of the essay’s length has places, results announced first', async () => {
    const summary = await summaryOf(
      1,
      `${filler(200)}

## Regions

We find that the robust region has a rate equal to the square root of the heavy-ball parameter.

Polyak's choice is fastest where the robust and lazy regions meet at one rate.

Large step sizes make the iterates diverge outside the lazy region.`,
    )
    expect(summary).toMatch(/^We study how momentum changes/)
    expect(summary).toContain('We find that the robust region has a rate')
    expect(summary).toContain('Polyak’s choice is fastest')
    expect(summary).toContain('Large step sizes make the iterates diverge')
  })

  it('leaves out the narrator steering the reading, sentences pointing back, and the author’s thanks', async () => {
    const summary = await summaryOf(
      2,
      `Before jumping into the regions of momentum, let's look at gradient descent on quadratic problems.

In the following sections, the regions of momentum and gradient descent are explained.

By using momentum, this limitation of gradient descent on quadratic problems has been overcome.

The main result on momentum and gradient descent is the following result.

Polyak momentum converges fastest where the robust and lazy regions of momentum meet.

## Thanks

I’d like to thank everybody who read drafts on momentum and gradient descent, it has been a blast!`,
    )
    expect(summary).toContain('Polyak momentum converges fastest')
    expect(summary).not.toMatch(/let’s look|following sections|this limitation|the following result|thank/)
  })

  it('concludes from the last section of the essay, not from its thanks', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 3,
        title: 'Momentum',
        markdown: `Momentum averages past gradients so that gradient descent moves faster along shallow directions.

## Details

Each constant is measured on a held-out batch before the step is taken. The batch is drawn again every epoch.

## Try it

Momentum makes gradient descent fast on ill-conditioned problems, and averaged gradients are the reason.

## Acknowledgements

This work on gradient descent was supported by a grant for averaged gradients and momentum.`,
      }),
    )
    expect(summary).toContain('Momentum makes gradient descent fast on ill-conditioned problems')
    expect(summary).not.toContain('grant')
  })
})
