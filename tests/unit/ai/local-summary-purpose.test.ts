import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { textRank } from '../../../src/ai/local/text-rank.js'
import { purposeStatement } from '../../../src/ai/local/purpose.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()
const middle = `## Details

In this region, the convergence only depends on the ratio of the two constants. The step is then halved once more.
Each constant is measured on a held-out batch before the step is taken. The batch is drawn again every epoch.`

describe('a summary that carries the essay’s point (issue 39)', () => {
  it('starts from the author’s own statement of purpose in the front matter', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 1,
        title: 'Momentum',
        markdown: `---
description: Momentum speeds up gradient descent on ill-conditioned problems by averaging past gradients
---
Gradient descent is slow when the curvature differs between directions.

${middle}`,
      }),
    )
    expect(
      summary.startsWith(
        'Momentum speeds up gradient descent on ill-conditioned problems by averaging past gradients.',
      ),
    ).toBe(true)
  })

  it('follows the author’s purpose with the findings of the essay’s own conclusion', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 3,
        title: 'Momentum',
        markdown: `---
description: We study how momentum changes the convergence of gradient descent
---
Gradient descent is slow when the curvature differs between directions.

${middle}

## Conclusion

The convergence rate depends on the region of step size and momentum. In the robust region the rate is the square root of the momentum, whatever the step size.`,
      }),
    )
    expect(summary).toMatch(/^We study how momentum changes the convergence of gradient descent\./)
    expect(summary).toContain('The convergence rate depends on the region of step size and momentum.')
    expect(summary).toContain('In the robust region the rate is the square root of the momentum')
    expect(summary).not.toContain('held-out batch')
  })

  it('follows the purpose with findings that stand alone: no sentence about a figure or leaning on the one before', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 4,
        title: 'Momentum',
        markdown: `---
description: We study how momentum changes the convergence of gradient descent on quadratic problems
---
Momentum changes the convergence of gradient descent in three regions of its parameters.

The next figure displays the convergence of momentum in the robust region.

In this region, the convergence of momentum only depends on the momentum parameter.

Polyak's choice of step size is fastest where the robust and lazy regions of momentum meet.`,
      }),
    )
    expect(summary).toMatch(/^We study how momentum changes/)
    expect(summary).toContain(
      'Polyak’s choice of step size is fastest where the robust and lazy regions of momentum meet',
    )
    expect(summary).not.toContain('next figure')
    expect(summary).not.toContain('In this region')
  })

  it('takes its sentences from the introduction and the close, not from the middle of a section', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 2,
        title: 'Momentum',
        markdown: `Momentum averages past gradients so that gradient descent moves faster along shallow directions. Averaged gradients cancel their oscillations across steep directions.

${middle}

## Looking ahead

Momentum makes gradient descent fast on ill-conditioned problems, and averaged gradients are the reason.`,
      }),
    )
    expect(summary).toContain('Momentum averages past gradients')
    expect(summary).not.toMatch(/In this region|held-out batch|drawn again/)
  })

  it('reads Jekyll’s excerpt field as the author’s statement, unwrapped from the brackets a template leaves', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 5,
        title: 'Momentum',
        markdown: `---
excerpt: "[Momentum speeds up gradient descent on ill-conditioned problems by averaging past gradients]"
---
Gradient descent is slow when the curvature differs between directions.

${middle}`,
      }),
    )
    expect(summary.startsWith('Momentum speeds up gradient descent on ill-conditioned problems')).toBe(true)
    expect(summary).not.toContain('[')
  })

  it('reads the words of a front-matter statement without its HTML markup', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 1,
        title: 'DPI',
        markdown: `---
description: This post explores the <i>Data Processing Inequality (DPI)</i>, a cornerstone of <b>information theory</b>
---
The inequality bounds what processing can add.

${middle}`,
      }),
    )
    expect(summary).toContain(
      'This post explores the Data Processing Inequality (DPI), a cornerstone of information theory.',
    )
    expect(summary).not.toMatch(/<\/?[ib]>/)
  })

  it('takes a description written as a subtitle for a label, not for the essay’s statement', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 6,
        title: 'Momentum',
        markdown: `---
description: Identifying, Interpreting & Ablating the Sources of a Slow Descent
---
In this post we show that momentum speeds up gradient descent on ill-conditioned problems.

${middle}`,
      }),
    )
    expect(summary).not.toContain('Identifying, Interpreting')
    expect(summary).toMatch(/^In this post we show that momentum speeds up gradient descent/)
  })

  it('leaves out the narrator talking to the reader and the questions the essay goes on to answer', async () => {
    const summary = await provider.summary(
      inputFor({
        id: 7,
        title: 'Overfitting',
        markdown: `If you are, like me, puzzled by why deep networks generalize without drastic overfitting, keep on reading. Why do deep networks with millions of parameters generalize at all? Deep networks generalize because the functions they learn are far simpler than their parameter count suggests. The number of parameters is not correlated with overfitting in deep networks.

${middle}

## Closing

The intrinsic dimension of trained networks is small, so deep networks are simpler than they appear.`,
      }),
    )
    expect(summary).toContain('The intrinsic dimension of trained networks is small')
    expect(summary).not.toMatch(/keep on reading|like me|\?/)
  })

  it('ranks highest the sentence the others resemble most (TextRank)', () => {
    const v = (...terms: string[]) => new Map(terms.map((t) => [t, 1 / Math.sqrt(terms.length)]))
    const rank = textRank([
      v('momentum', 'gradient'),
      v('momentum', 'gradient', 'average'),
      v('weather'),
      v('gradient', 'average'),
    ])
    expect(rank.indexOf(Math.max(...rank))).toBe(1)
    expect(rank[2]).toBeLessThan(rank[0])
  })
})

describe('what is no statement of purpose (issue 39)', () => {
  it('takes "This post is available as a notebook" for a note on the post, not its purpose', () => {
    const input = inputFor({
      id: 8,
      title: 'Pi',
      markdown: `This post is available as a Jupyter notebook for readers who want to run the code.

The value of pi can be computed from the Taylor expansion of the arctangent around zero.`,
    })
    expect(purposeStatement(input, readEssayMarkdown(input.markdown, []))).toBeNull()
  })

  it('still reads "This post is about …" as one', () => {
    const input = inputFor({
      id: 9,
      title: 'Pi',
      markdown: `This post is about computing pi from the Taylor expansion of the arctangent.`,
    })
    expect(purposeStatement(input, readEssayMarkdown(input.markdown, []))).toMatch(/^This post is about/)
  })
})

describe('a purpose stated in two steps (issue 39)', () => {
  it('joins a second statement close after the first, with the sentence that carries it on', () => {
    const input = inputFor({
      id: 10,
      title: 'Double descent',
      markdown: `Some models behave oddly near a threshold. In this blog post, when we say double descent, we mean the divergence at the threshold.

In this work, we explain why the test loss diverges at the interpolation threshold in simple terms. To accomplish this, we focus on ordinary linear regression and its singular values. The rest is history and other work.

## Details

The details of the derivation follow here with more words than needed.`,
    })
    const purpose = purposeStatement(input, readEssayMarkdown(input.markdown, []))
    expect(purpose).toMatch(/^In this blog post, when we say double descent/)
    expect(purpose).toContain('In this work, we explain why the test loss diverges')
    expect(purpose).toContain('we focus on ordinary linear regression')
    expect(purpose).not.toContain('history')
  })

  it('takes no statement from far later in the essay as the second', () => {
    const filler = Array.from(
      { length: 6 },
      (_, i) => `Sentence number ${i + 1} says something about the topic here.`,
    ).join(' ')
    const input = inputFor({
      id: 11,
      title: 'Pi',
      markdown: `In this post we compute pi from the arctangent series.

${filler}

In this section we list the digits that the series gives after many terms.`,
    })
    expect(purposeStatement(input, readEssayMarkdown(input.markdown, []))).toBe(
      'In this post we compute pi from the arctangent series.',
    )
  })
})
