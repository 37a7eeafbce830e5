import { describe, expect, it } from 'vitest'
import { teachingOrder } from '../../../src/discovery/teaching-order.js'
import { essay, snapshotOf } from './essays.js'

const prose = (topic: string) =>
  `${topic} is explained here in plain words, step by step, for a reader new to it. `.repeat(8)
const heavy = (topic: string) =>
  `${prose(topic)}\n\n$$\\sum_i x_i^2 = \\int_0^1 f(x)\\,dx$$\n\n$$\\nabla f(\\theta) = 0$$\n\n$a$ $b$ $c$ $d$ $e$\n`

describe('teaching order (reading paths in the order a book would teach)', () => {
  it('follows the site’s own contents page, whatever the essays’ difficulty', () => {
    const hardFirst = essay(1, 'Convexity', heavy('Convexity'))
    const easyLater = essay(2, 'Gradient Descent', prose('Gradient descent'))
    const middle = essay(3, 'Momentum', prose('Momentum'))
    const contents = essay(
      4,
      'Optimization Algorithms',
      `${prose('Optimization')}\n\n- [convexity](/posts/convexity)\n- [gd](/posts/gradient-descent)\n- [momentum](/posts/momentum)\n`,
    )
    const snap = snapshotOf(hardFirst, easyLater, middle, contents)
    const ordered = teachingOrder(snap, [middle, easyLater, contents, hardFirst])
    expect(ordered.map((o) => o.essay.meta.title)).toEqual([
      'Optimization Algorithms',
      'Convexity',
      'Gradient Descent',
      'Momentum',
    ])
    expect(ordered[2].reason).toEqual({ kind: 'contents', of: contents })
  })

  it('puts what an essay builds on (links to) before it, even when that is harder', () => {
    const model = essay(1, 'The Linear Model', heavy('The linear model'))
    const posterior = essay(
      2,
      'The Posterior',
      `${prose('The posterior')} It uses [the linear model](/posts/the-linear-model).`,
    )
    const intro = essay(3, 'An Introduction', prose('Regression'))
    const snap = snapshotOf(model, posterior, intro)
    const ordered = teachingOrder(snap, [posterior, intro, model])
    const titles = ordered.map((o) => o.essay.meta.title)
    expect(titles.indexOf('The Linear Model')).toBeLessThan(titles.indexOf('The Posterior'))
    expect(ordered.find((o) => o.essay === posterior)!.reason).toEqual({ kind: 'builds-on', on: model })
  })

  it('orders the rest from the most accessible to the most demanding, and survives a cycle of links', () => {
    const a = essay(1, 'Alpha', `${heavy('Alpha')} See [beta](/posts/beta).`)
    const b = essay(2, 'Beta', `${prose('Beta')} See [alpha](/posts/alpha).`)
    const c = essay(3, 'Gamma', prose('Gamma'))
    const ordered = teachingOrder(snapshotOf(a, b, c), [a, b, c])
    expect(ordered).toHaveLength(3)
    expect(new Set(ordered.map((o) => o.essay))).toEqual(new Set([a, b, c]))
  })
})
