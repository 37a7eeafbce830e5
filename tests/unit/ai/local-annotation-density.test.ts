import { describe, expect, it } from 'vitest'
import { guardAid } from '../../../src/ai/guard/index.js'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()

/** What a reader sees: the provider's annotations after the guard every aid passes. */
async function shown(essay: TestEssay, others: TestEssay[] = []) {
  const input = inputFor(essay, siteOf([essay, ...others]))
  return guardAid('annotations', await provider.annotations(input), input).value
}

const TOPICS = [
  ['spectral clustering', 'groups points by the eigenvectors of a graph Laplacian'],
  ['kernel density estimate', 'smooths a sample with a bump around each point'],
  ['importance sampling', 'reweights draws from an easier distribution'],
  ['gradient clipping', 'bounds the norm of each update'],
  ['weight decay', 'shrinks every parameter a little at each step'],
  ['label smoothing', 'moves a little probability from the true class to the others'],
  ['early stopping', 'ends training when the validation loss stops falling'],
  ['batch normalisation', 'rescales each layer input by its minibatch statistics'],
  ['dropout mask', 'zeroes a random subset of units during training'],
  ['beam search', 'keeps the few best partial sequences at each step'],
  ['teacher forcing', 'feeds the true previous token to a decoder during training'],
  ['contrastive loss', 'pulls matching pairs together and pushes others apart'],
]

/** Three paragraphs per topic, each using the term, the middle one saying what it is. */
function essayOn(topics: string[][], id: number): TestEssay {
  const body = topics
    .map(
      ([term, what], i) =>
        `## Part ${i + 1}\n\nWe now turn to ${term} in a small experiment on toy data.\n\n` +
        `In short, ${term} ${what}. Practitioners use ${term} because it is cheap and it works on most problems.\n\n` +
        `A careful comparison shows that ${term} helps when the data are noisy, and ${term} is easy to add to existing code.`,
    )
    .join('\n\n')
  return { id, title: 'Notes on training', markdown: body }
}

const others: TestEssay[] = [
  { id: 50, title: 'Cooking', markdown: 'Boil water, add salt and cook the pasta. A small experiment in the kitchen.' },
  {
    id: 51,
    title: 'Walking',
    markdown: 'A walk keeps the mind clear. Toy data and existing code are no concern here.',
  },
  { id: 52, title: 'Gardening', markdown: 'Water the plants every day. Most problems in a garden are small.' },
]

describe('local annotations: density, definitions and names', () => {
  it('gives a long essay more annotations than a short one', async () => {
    const short = await shown(essayOn(TOPICS.slice(0, 2), 1), others)
    const long = await shown(essayOn(TOPICS, 2), others)
    expect(short.length).toBeGreaterThan(0)
    expect(long.length).toBeGreaterThan(short.length)
    expect(long.length).toBeGreaterThan(5)
  })

  it('annotates a term the essay defines later with that definition', async () => {
    const essay: TestEssay = {
      id: 3,
      title: 'Sampling',
      markdown: `Many estimators rely on rejection sampling when the target density is hard to draw from.
The method needs a proposal that covers the target everywhere.

Rejection sampling is defined as drawing from a proposal and keeping each draw with a probability proportional to the ratio of target to proposal.
In practice, rejection sampling wastes draws when the proposal is loose.`,
    }
    const annotations = await shown(essay, others)
    const note = annotations.find((a) => a.targetText.toLowerCase() === 'rejection sampling')
    expect(note?.annotation).toContain('is defined as drawing from a proposal')
  })

  it('never annotates a citation or the name of a cited person', async () => {
    const essay: TestEssay = {
      id: 4,
      title: 'Attention',
      markdown: `Vaswani et al. (2017) introduced the transformer. Vaswani et al. showed that attention suffices.
Vaswani and Shazeer wrote that the transformer replaces recurrence. Self-attention is defined as attention of a sequence to itself.
Self-attention lets every token see every other token, and self-attention is cheap to parallelise.
The transformer stacks self-attention layers. Vaswani et al. trained the transformer on translation.`,
    }
    const targets = (await shown(essay, others)).map((a) => a.targetText.toLowerCase())
    expect(targets.some((t) => /\bet al\b|vaswani/.test(t))).toBe(false)
  })
})
