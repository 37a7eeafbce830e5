import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { normaliseForMatch } from '../../../src/text/readable.js'
import { AnnotationSchema } from '../../../src/shared/schemas/index.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const descent: TestEssay = {
  id: 1,
  title: 'Descending Gradients',
  tags: ['optimization'],
  markdown: `Gradient descent is an iterative method that moves against the gradient of a loss.
Each step of gradient descent uses a learning rate. The learning rate sets how far a step goes.
A small learning rate makes gradient descent slow; a large learning rate makes it unstable.

Momentum keeps a running average of past gradients. With momentum the steps of gradient descent become smoother.
Momentum is borrowed from physics. Momentum helps in narrow valleys, where plain steps zigzag.

We call the set of all parameters the parameter space. The parameter space can be huge.
Convergence is slow when the parameter space is badly conditioned, and convergence is faster with momentum.

\`\`\`python
learning_rate = 0.1  # code is not prose: no term comes from here
\`\`\`

The loss $L(\\theta)$ is minimised over the parameter space, and the loss decreases with every step.`,
}
const others: TestEssay[] = [
  {
    id: 2,
    title: 'On Momentum',
    markdown:
      'Momentum is a heavy ball. Momentum in physics is mass times velocity. Momentum also appears in optimisation, where momentum smooths the path.',
  },
  {
    id: 3,
    title: 'Cooking pasta',
    markdown: 'Boil water, add salt, cook the pasta for ten minutes. Drain the pasta and serve it with sauce.',
  },
  {
    id: 4,
    title: 'Walking',
    markdown: 'A walk every day keeps the mind clear. Walking in the rain is a pleasure of its own.',
  },
]
const site = siteOf([descent, ...others])
const provider = new LocalProvider()

describe('local annotations', () => {
  it('picks the essay’s key terms and adds what their own sentence does not say', async () => {
    const input = inputFor(descent, site)
    const annotations = z.array(AnnotationSchema).parse(await provider.annotations(input))
    const byTarget = new Map(annotations.map((a) => [a.targetText.toLowerCase(), a]))
    // Momentum is the subject of another essay of the site, which is named with what it says.
    expect(byTarget.get('momentum')?.annotation).toContain('“On Momentum”')
    expect(byTarget.get('momentum')?.annotation).toContain('Momentum is a heavy ball.')
    // Defined in the very sentence that first uses it, with nothing elsewhere: no note repeats that sentence.
    for (const a of annotations) expect(a.annotation).not.toBe('We call the set of all parameters the parameter space.')
    expect([...byTarget.keys()]).not.toContain('pasta')
    for (const a of annotations) {
      expect(normaliseForMatch(input.plainText)).toContain(normaliseForMatch(a.targetText))
      expect(['high', 'medium', 'low']).toContain(a.priority)
    }
  })

  it('gives each term one annotation, in reading order, and always at least one', async () => {
    const essay: TestEssay = {
      id: 9,
      title: 'Sorting',
      markdown: `Sorting algorithms order a list. Merge sort splits the list in halves, sorts both and merges them.
Stable sorting matters for records, for example when merge sort keeps equal keys in their order.
Quick sort partitions around a pivot. Quick sort is fast on average; merge sort is predictable.
Merge sort needs extra memory, while quick sort works in place. A pivot chosen badly makes quick sort slow.`,
    }
    const annotations = await provider.annotations(inputFor(essay))
    const targets = annotations.map((a) => a.targetText.toLowerCase())
    expect(new Set(targets).size).toBe(targets.length)
    expect(targets.length).toBeGreaterThan(0)
    expect(targets.every((t) => ['merge sort', 'quick sort', 'sorting', 'pivot'].includes(t))).toBe(true)
    const plain = inputFor(essay).plainText
    const positions = annotations.map((a) => plain.indexOf(a.targetText))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })

  it('is deterministic', async () => {
    const a = await new LocalProvider().annotations(inputFor(descent, siteOf([descent, ...others])))
    const b = await new LocalProvider().annotations(inputFor(descent, siteOf([descent, ...others])))
    expect(a).toEqual(b)
  })

  it('returns none for an essay without prose', async () => {
    expect(
      await provider.annotations(inputFor({ id: 5, title: 'Code only', markdown: '```js\nconsole.log(1)\n```' })),
    ).toEqual([])
  })
})
