import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { addsBeyond, termPassage } from '../../../src/ai/local/term-passage.js'
import { formulaText } from '../../../src/ai/guard/formula-text.js'
import { labelledItem } from '../../../src/ai/local/labelled-item.js'
import { BACK_NAMING, definers, termPattern } from '../../../src/ai/local/term-patterns.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()

const optimiser: TestEssay = {
  id: 11,
  title: 'Adaptive steps',
  markdown: `Adaptive methods scale each coordinate of the gradient. A popular fix for their variance is Yogi, which we meet below.
Adaptive methods keep running averages of squared gradients, and adaptive methods can diverge when those averages blow up.

## Yogi

One of the problems of adaptive methods is that the second moment estimate can grow too quickly. As a fix, the update of the estimate is made additive rather than multiplicative, so that it forgets more slowly.

## Experiments

Adaptive methods train the model quickly. We compare adaptive methods on a toy problem and watch the loss fall.`,
}

const regression: TestEssay = {
  id: 12,
  title: 'Least squares for a line',
  markdown: `**Theorem:** Given paired observations, the estimates of the line are

$$ \\label{eq:ols}
\\hat{\\beta}_0 = \\bar{y} - \\hat{\\beta}_1 \\bar{x}
$$

where $\\bar{x}$ and $\\bar{y}$ are the [sample means](/D/mean-samp) of the observations.

**Proof:** The residual sum of squares is minimised by setting its derivatives to zero, which gives the estimates above.`,
}

describe('local annotations: notes beyond the sentence a term stands in (issue 39)', () => {
  it('quotes the opening of a section whose heading names the term, not the sentence the reader is in', async () => {
    const annotations = await provider.annotations(inputFor(optimiser, siteOf([optimiser])))
    const yogi = annotations.find((a) => a.targetText === 'Yogi')
    expect(yogi?.annotation).toMatch(/^Under “Yogi” the essay explains: One of the problems of adaptive methods/)
    expect(yogi?.annotation).not.toContain('A popular fix for their variance is Yogi')
  })

  it('passes over a heading that only mentions the term among other words', () => {
    const doc = readEssayMarkdown(
      `Caching matters. A cache keeps results.\n\n## How a cache fails under load in practice\n\nIt fills up when requests vary a lot.`,
    )
    expect(termPassage(doc, /\bcache(?:e?s)?\b/, doc.sentences, doc.sentences[1])).toBeNull()
  })

  it('passes over a Chinese heading that holds the characters of a term among many others', () => {
    const doc = readEssayMarkdown(
      `微分方程很重要。\n\n## 那要怎麼解微分方程呢？\n\n如果你是解微分方程的新手，你可能想要參考我們的影片教學。`,
    )
    expect(termPassage(doc, /方程/, doc.sentences, doc.sentences[0])).toBeNull()
  })

  it('shows how the essay writes a linked term in its formulas', async () => {
    const annotations = await provider.annotations(inputFor(regression, siteOf([regression])))
    const means = annotations.find((a) => a.targetText === 'sample means')
    // Compared in NFC: the symbol's bar may be written as a combining mark.
    expect(means?.annotation.normalize('NFC')).toContain("Written x̄ and ȳ in the essay's formulas".normalize('NFC'))
    expect(means?.annotation).toContain('(eq:ols)')
  })

  it('calls a note circular when a sentence holding the term already has nearly all its words', () => {
    const sentences = ['Momentum keeps a running average of past gradients.', 'Momentum is borrowed from physics.']
    expect(addsBeyond('Momentum keeps a running average of the past gradients.', 'momentum', sentences)).toBe(false)
    expect(
      addsBeyond(
        'Under “Momentum”: a heavy ball rolling down a valley keeps its speed through flat stretches.',
        'momentum',
        sentences,
      ),
    ).toBe(true)
  })

  it('reads an aligned display (split) as text, as the page typesets it', () => {
    const text = formulaText('\\begin{split}\na &= b + c \\\\\nd &= e\n\\end{split}', new Map())
    expect(text).not.toBeNull()
    expect(text).toContain('a = b + c')
  })
})

describe('names given to what the sentence before described', () => {
  it('reads "this kind of X is called" and "we call this the" as naming', () => {
    expect(BACK_NAMING.test('this kind of learning is called generative modeling.')).toBe(true)
    expect(BACK_NAMING.test('we call this the generator network.')).toBe(true)
    expect(BACK_NAMING.test('models that are known as transformers are large.')).toBe(false)
  })

  it('quotes the description for a term the essay names after it', async () => {
    const named: TestEssay = {
      id: 23,
      title: 'Learning without labels',
      markdown: `Sometimes we only want a model that captures what the data looks like, with no labels at all. This kind of learning is called generative modeling.
Generative modeling is older than deep learning, and generative modeling is still popular.`,
    }
    const notes = await provider.annotations(inputFor(named))
    const note = notes.find((a) => a.targetText.toLowerCase() === 'generative modeling')
    expect(note?.annotation).toContain('with no labels at all')
  })

  it('does not take one case of several, or a sentence naming something else, for the description', async () => {
    const cases: TestEssay = {
      id: 24,
      title: 'Making data',
      markdown: `A device must make data that looks real. If we are dealing with speech, it needs to make audio. We call this the generator network.
The generator network learns, and the generator network improves with training.`,
    }
    const notes = await provider.annotations(inputFor(cases))
    const note = notes.find((a) => a.targetText.toLowerCase() === 'generator network')
    expect(note?.annotation ?? '').not.toContain('If we are dealing with speech')
  })
})

describe('a list item labelled with the term', () => {
  it('quotes what the item says after the label', () => {
    const doc = readEssayMarkdown(`The scheduler changed.

1. Task migration: A task can observe several thread ids while it runs.
2. Why task migration matters: Old code assumed one id per task.
3. Thread pools: Score vs Episodes`)
    const uses = doc.sentences.filter((s) => /task migration/i.test(s.text))
    expect(labelledItem(doc, termPattern('task migration'), uses)).toBe(
      'A task can observe several thread ids while it runs.',
    )
    // A label that only mentions the term is about something else.
    expect(labelledItem(doc, termPattern('task migration'), uses.slice(1))).toBeNull()
    // What follows a label must be a sentence of prose, not a caption.
    const pools = doc.sentences.filter((s) => /thread pools/i.test(s.text))
    expect(labelledItem(doc, termPattern('thread pool'), pools)).toBeNull()
  })
})

describe('the essay’s definition elsewhere', () => {
  // What 'The essay defines it:' may quote (issue 39: the momentum essay's notes quoted sentences that only use the term).
  const defines = (term: string, sentence: string) =>
    definers(termPattern(term)).some((d) => d.hint.test(sentence) && d.pattern.test(sentence))

  it('is a sentence that says what the term is, not one that uses its definition or names it in passing', () => {
    expect(
      defines('convergence rate', 'the definition of the convergence rate is the worst-case ratio of errors.'),
    ).toBe(true)
    expect(defines('convergence rate', 'plugging it into the definition of the convergence rate (3) we get that')).toBe(
      false,
    )
    expect(
      defines('orthogonal polynomials', 'the result linking optimization and orthogonal polynomials is the following.'),
    ).toBe(false)
    expect(
      defines('orthogonal polynomials', 'we use them, and orthogonal polynomials are a family of polynomials.'),
    ).toBe(true)
  })

  it('goes on to the next sentence when the definition alone only repeats a sentence the term stands in', async () => {
    const gan: TestEssay = {
      id: 41,
      title: 'Two networks',
      markdown: `The second component is the discriminator network, and both networks compete.

The discriminator is a binary classifier that tells real samples from fake samples produced by the generator network. Typically it ends in a single sigmoid unit that outputs a probability.
The discriminator improves as the generator improves, and the discriminator is trained first.`,
    }
    const notes = await provider.annotations(inputFor(gan))
    const note = notes.find((a) => a.targetText.toLowerCase() === 'discriminator')
    expect(note?.annotation).toMatch(/^The essay defines it: The discriminator is a binary classifier/)
    expect(note?.annotation).toContain('Typically it ends in a single sigmoid unit')
  })
})
