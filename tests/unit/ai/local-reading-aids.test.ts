import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { structuralTerms, termPhrase } from '../../../src/text/defined-terms.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()

/** Content words of a text, as a reader would compare an annotation with a sentence. */
const words = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w.length > 2)
/** The annotation only repeats a sentence that holds its target (eval's "circular"). */
function circular(annotation: string, target: string, plain: string): boolean {
  const own = words(annotation).filter((w) => !words(target).includes(w))
  return plain
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((s) => s.toLowerCase().includes(target.toLowerCase()))
    .some((s) => {
      const around = new Set(words(s))
      return own.length === 0 || own.filter((w) => around.has(w)).length / own.length >= 0.8
    })
}

describe('key terms from the essay’s own definition structure', () => {
  it('trims link texts and named phrases to the term, keeping stop words inside', () => {
    expect(termPhrase('expectation of a linear form for the multivariate normal distribution')).toBe(
      'expectation of a linear form',
    )
    expect(termPhrase('probability density function of the multivariate normal distribution')).toBe(
      'probability density function',
    )
    expect(termPhrase('the residual sum of squares')).toBe('residual sum of squares')
    expect(termPhrase('sample variance of x')).toBe('sample variance')
    expect(termPhrase('trace function and expected value are both linear operators')).toBeNull()
    expect(termPhrase('here')).toBeNull()
  })

  it('takes link texts, "known as" names and "is defined as" subjects; never formulas or code', async () => {
    const essay: TestEssay = {
      id: 1,
      title: 'Fitting a line',
      markdown: `We fit a [simple linear regression model](/D/slr) to paired data $(x_i, y_i)$ by ordinary least squares.
The residual sum of squares is defined as
$$ \\mathrm{RSS}(\\beta) = \\sum_i (y_i - \\beta_0 - \\beta_1 x_i)^2 $$
where $\\beta_0$ is the intercept and $\\beta_1$ the slope. Minimising it gives estimates that are known as least squares estimates.
The fit uses \`numpy.polyfit\` and the estimates are reported with their standard errors, see [here](https://example.org).
Ordinary least squares is fast, and ordinary least squares is easy to explain; the residual sum of squares measures the misfit.`,
    }
    const input = inputFor(essay)
    const found = structuralTerms(readEssayMarkdown(input.markdown, [])).map((t) => t.surface)
    expect(found).toEqual([
      'simple linear regression model',
      'residual sum of squares',
      'intercept',
      'least squares estimates',
    ])
    const annotations = await provider.annotations(input)
    const targets = annotations.map((a) => a.targetText.toLowerCase())
    // A link alone (to a page the site does not hold) is no note (issue 39): found, not annotated.
    expect(targets).not.toContain('simple linear regression model')
    expect(targets).toContain('residual sum of squares')
    // Named only in the sentence that names it, with nothing further to say: left out.
    expect(targets).not.toContain('least squares estimates')
    for (const t of [...targets, ...found]) {
      expect(t).not.toMatch(/mathrm|beta|polyfit|here/)
      expect(t).not.toMatch(/(?:ing|ed)$/)
    }
  })

  it('takes the title’s head as a term and never a repository’s or a translation’s link text', async () => {
    const essay: TestEssay = {
      id: 3,
      title: 'Gradient clipping for recurrent networks',
      markdown: `Gradient clipping rescales a gradient whose norm exceeds a threshold. We use [Clipper.jl](https://github.com/example/Clipper.jl) to apply it, and a [Chinese translation](/zh/clipping/) exists.
Exploding gradients are known as a failure of [recurrent networks](https://en.wikipedia.org/wiki/Recurrent_neural_network) trained over long sequences.
It keeps the direction of the gradient and only shortens it. Gradient clipping is cheap, and gradient clipping is easy to tune.`,
    }
    const targets = (await provider.annotations(inputFor(essay))).map((a) => a.targetText.toLowerCase())
    expect(targets.join(' ')).not.toMatch(/clipper|chinese/)
    const found = structuralTerms(readEssayMarkdown(inputFor(essay).markdown, [])).map((t) => t.surface.toLowerCase())
    expect(found).not.toContain('clipper.jl')
    expect(found).toContain('recurrent networks')
  })

  it('prefers the whole phrase to a fragment of it ("ordinary least squares", not "squares estimate")', async () => {
    const essay: TestEssay = {
      id: 2,
      title: 'Estimation',
      markdown: `Ordinary least squares estimates are unbiased under mild conditions. We compare ordinary least squares estimates with ridge estimates.
Ridge estimates shrink coefficients towards zero, while ordinary least squares estimates do not shrink at all.
Shrinkage trades bias for variance, and ridge estimates often predict better on new data than the unshrunk ones.`,
    }
    const targets = (await provider.annotations(inputFor(essay))).map((a) => a.targetText.toLowerCase())
    expect(targets.some((t) => t.startsWith('squares'))).toBe(false)
  })
})

describe('annotations add what the sentence does not say', () => {
  const defining: TestEssay = {
    id: 20,
    title: 'Residual sum of squares',
    markdown:
      'The residual sum of squares is defined as the sum of the squared differences between observed values and fitted values. It measures how far a model misses the data.',
  }
  const essay: TestEssay = {
    id: 21,
    title: 'Comparing fits',
    markdown: `We compare two fits of the same data by their residual sum of squares, and prefer the smaller one.
A fit with fewer parameters may have a larger residual sum of squares yet generalise better.
Cross-validation is known as a safer guide than the residual sum of squares on the training data, for example when parameters are many.
Cross-validation repeats the fit on held-out folds and averages the error.`,
  }
  const site = siteOf([
    essay,
    defining,
    { id: 22, title: 'Cooking', markdown: 'Boil the water and salt it well before the pasta goes in.' },
  ])

  it('never quotes only the sentence its target stands in', async () => {
    const input = inputFor(essay, site)
    const annotations = await provider.annotations(input)
    expect(annotations.length).toBeGreaterThan(0)
    for (const a of annotations)
      expect(circular(a.annotation, a.targetText, input.plainText), `${a.targetText}: ${a.annotation}`).toBe(false)
  })

  it('names the post of the site that defines the term, with its definition', async () => {
    const annotations = await provider.annotations(inputFor(essay, site))
    const rss = annotations.find((a) => a.targetText.toLowerCase() === 'residual sum of squares')
    expect(rss?.annotation).toContain('“Residual sum of squares”')
    expect(rss?.annotation).toContain('squared differences')
    expect(rss?.type).toBe('definition')
  })

  it('gives the essay’s formula for a term it defines by one', async () => {
    const e: TestEssay = {
      id: 30,
      title: 'Entropy',
      markdown: `A source emits symbols with probabilities $p_i$. Its uncertainty is what we want to measure here in a single number.
Later we compare sources by their entropy, which grows with uncertainty.
The entropy of a source is defined as
$$ H = -\\sum_i p_i \\log p_i $$
where the sum runs over all symbols of the alphabet.
A fair coin has an entropy of one bit, and a loaded coin less.`,
    }
    const input = inputFor(e)
    const entropy = (await provider.annotations(input)).find((a) => a.targetText.toLowerCase() === 'entropy')
    expect(entropy?.type).toBe('definition')
    expect(entropy?.annotation).toMatch(/Formula: H = /)
    expect(circular(entropy!.annotation, entropy!.targetText, input.plainText)).toBe(false)
  })

  it('makes no note of a link alone when the site has no post for it (issue 39: the link is on the page)', async () => {
    const e: TestEssay = {
      id: 40,
      title: 'Threads',
      markdown:
        'Two tasks that write the same variable without a lock create a [race condition](https://en.wikipedia.org/wiki/Race_condition). A race condition shows up rarely, which makes it hard to debug.',
    }
    const race = (await provider.annotations(inputFor(e))).find((a) => a.targetText === 'race condition')
    expect(race?.annotation ?? '').not.toMatch(/https?:|links it/)
  })
})

describe('summary from the essay’s own structure', () => {
  it('uses the essay’s Summary section', async () => {
    const e: TestEssay = {
      id: 50,
      title: 'Momentum',
      markdown: `Gradient descent can be slow in narrow valleys. Momentum keeps a running average of past gradients and follows it.
The average damps the zigzag across the valley and speeds up the walk along it.
Many variants exist, and the weather does not matter for any of them.

## Summary

Momentum replaces the gradient by a leaky average of past gradients. It speeds up descent along consistent directions.

## Exercises

Try different decay rates and compare the number of steps.`,
    }
    const summary = await provider.summary(inputFor(e))
    expect(summary).toContain('Momentum replaces the gradient by a leaky average of past gradients.')
    expect(summary).toContain('It speeds up descent along consistent directions.')
    expect(summary).not.toContain('Try different decay rates')
  })

  it('states the theorem when the essay proves one', async () => {
    const e: TestEssay = {
      id: 51,
      title: 'Mean of a sum',
      markdown: `**Theorem:** The expected value of a sum of random variables is the sum of their expected values.

**Proof:** By linearity of the integral, the integral of a sum is the sum of the integrals. Applying this to the joint density gives the result, which we write out below for two variables and then extend by induction.`,
    }
    const summary = await provider.summary(inputFor(e))
    expect(summary).toBe('The expected value of a sum of random variables is the sum of their expected values.')
  })

  it('leaves no TeX command names and no empty citation brackets', async () => {
    const e: TestEssay = {
      id: 52,
      title: 'Velocity',
      markdown: `The velocity estimate $\\hat{\\mathbf{v}}_t$ is updated at every step from the new measurement and the old estimate.
Filtering trades responsiveness for smoothness, as every tracking system must decide how much to trust new data.
A heavier filter reacts slowly but ignores noise, and a lighter filter follows the data and its noise.
In practice the filter weight is tuned on recorded data until the estimate looks right to the engineer.`,
    }
    const summary = await provider.summary(inputFor(e))
    expect(summary).not.toMatch(/hat|mathbf|\(\s*\)/)
  })
})
