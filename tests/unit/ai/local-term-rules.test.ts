import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { emphasisedRuns } from '../../../src/text/sentences.js'
import { siteIndex } from '../../../src/text/site-index.js'
import { findKeyTerms } from '../../../src/text/key-terms.js'
import { emphasisedTerm, linkTerm, structuralTerms, termPhrase } from '../../../src/text/defined-terms.js'
import { definers, termPattern } from '../../../src/ai/local/term-patterns.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()
const termsOf = (markdown: string) =>
  structuralTerms(readEssayMarkdown(markdown)).map((t) => `${t.source}:${t.surface}`)

describe('first emphasised uses as terms', () => {
  it('takes a phrase of content words, never stress, a clause, code, TeX or a single word', () => {
    expect(emphasisedTerm('scaled dot product attention')).toBe('scaled dot product attention')
    expect(emphasisedTerm('the masked softmax operation.')).toBe('masked softmax operation')
    expect(emphasisedTerm('sum of squares')).toBe('sum of squares')
    expect(emphasisedTerm('least squares')).toBe('least squares')
    expect(emphasisedTerm('much more slowly')).toBeNull()
    expect(emphasisedTerm('illustrate how this function works')).toBeNull()
    expect(emphasisedTerm('Common misconceptions about threadid() and nthreads()')).toBeNull()
    expect(emphasisedTerm('not')).toBeNull()
    expect(emphasisedTerm('intra-attention')).toBe('intra-attention')
    expect(emphasisedTerm('e.g.')).toBeNull()
    expect(emphasisedTerm('well-known')).toBe('well-known')
    expect(emphasisedTerm('valid_lens mask')).toBeNull()
    expect(emphasisedTerm('x_i and y')).toBeNull()
    expect(emphasisedTerm('well defined')).toBeNull()
  })

  it('keeps emphasis through sentence splitting', () => {
    const doc = readEssayMarkdown('A first sentence. Then the *masked softmax operation* masks. Last *one.* Here.')
    expect(doc.sentences.map((s) => emphasisedRuns(s.segments))).toEqual([
      [],
      ['masked softmax operation'],
      ['one.'],
      [],
    ])
  })

  it('marks a phrase emphasised where the prose first uses it, not a later emphasis, a lead-in or a d2l marker', () => {
    const found = termsOf(`## Masked Softmax Operation

Since it is such a common problem, it has a name: the *masked softmax operation*. We use the *scaled dot product attention*.

The attention weights matter. Later the *attention weights* are stressed, and *very* much so.

**Main result:** the claim holds. Let us [**implement the masked attention**] next.`)
    expect(found).toContain('emphasised:masked softmax operation')
    expect(found).toContain('emphasised:scaled dot product attention')
    expect(found.filter((t) => t.startsWith('emphasised:'))).toEqual([
      'emphasised:masked softmax operation',
      'emphasised:scaled dot product attention',
    ])
  })
})

describe('names, link texts and the terms they give', () => {
  it('ends a name where a relative clause starts', () => {
    expect(termPhrase('Yogi which addresses these issues')).toBe('Yogi')
    expect(
      termsOf('In a follow-up work they proposed a hotfix to Adam, called Yogi which addresses these issues.'),
    ).toContain('defined:Yogi')
  })

  it('takes the name "we call" gives and the quantity "let … be" introduces, without what follows it', () => {
    expect(termsOf('We call such a matrix the design matrix of the model.')).toEqual(['defined:design matrix'])
    expect(termsOf('We call this number the condition number.')).toEqual(['defined:condition number'])
    expect(termsOf('We call them support vectors, and they decide the margin.')).toEqual(['defined:support vectors'])
    expect(termsOf('Let the hidden state be the summary of the past inputs.')).toEqual(['defined:hidden state'])
    expect(termsOf('Let $X$ be a random vector with finite variance.')).toEqual(['named:random vector'])
    expect(termsOf('Let us be careful here. Let it be.')).toEqual([])
  })

  it('takes a quoted name whole, its inner "with" included, and no quoted speech', () => {
    expect(termsOf('We implemented both options and what we call "nonsymmetric with offset": a shift.')).toContain(
      'defined:nonsymmetric with offset',
    )
    expect(termsOf('This trick is known as “leaky averaging” in the literature.')).toContain('defined:leaky averaging')
    expect(termsOf('What we call "it is what it is" is no term.').join(' ')).not.toMatch(/it is what/)
  })

  it('reads no name across a colon after "we call" ("we call X: [a link about Y]")', () => {
    const patterns = definers(termPattern('linear bias'))
    const text =
      'we implemented what we call "nonsymmetric with offset": shift the linear biases ahead by half a slope.'
    expect(patterns.some((d) => d.pattern.test(text))).toBe(false)
    expect(patterns.some((d) => d.pattern.test('we call this number the linear bias of the head.'))).toBe(true)
  })

  it('takes the name "we call" gives a formula across the formula', () => {
    expect(termsOf('We often call $\\mathbf z$ as the latent variable.')).toEqual(['defined:latent variable'])
    expect(termsOf('We call $f$ the objective function of the problem.')).toContain('defined:objective function')
  })

  it('takes a method or result named after its author, not a name alone', () => {
    expect(termsOf('Solving it with the simplest method, the Euler method, gives a residual network.')).toEqual([
      'named:Euler method',
    ])
    expect(termsOf('For example, the Universal Approximation Theorem states that it can fit.')).toEqual([
      'named:Universal Approximation Theorem',
    ])
    expect(termsOf('Ask in the Julia Slack or on the Julia Discourse.')).toEqual([])
  })

  it('takes words quoted at their first use as a term, not a manner, speech or a later quote', () => {
    expect(termsOf('Here $D$ and $G$ are playing a “minimax” game with the objective.')).toEqual(['emphasised:minimax'])
    expect(termsOf('It extends "singleton" dimensions by repeating them.')).toEqual(['emphasised:singleton'])
    expect(termsOf('It can “lazily” represent a fused expression.')).toEqual([])
    expect(termsOf('He said “this is the end of the story” and left.')).toEqual([])
    expect(termsOf('The fusion is fast. This “fusion” is not free.')).toEqual([])
  })

  it('takes no quoted value an example gives ("the sequence “hello”") for a term', () => {
    expect(termsOf('The default input is the sequence "hello" for every example.')).toEqual([])
    expect(termsOf('We feed the prompt “kitten” to the model.')).toEqual([])
    expect(termsOf('The output is "world" when the input changes.')).toEqual([])
    expect(termsOf('It extends "singleton" dimensions by repeating them.')).toEqual(['emphasised:singleton'])
  })

  it('reads a bracketed word as part of the name it opens', () => {
    expect(
      termsOf(
        'There are several ways. The most common is known as (adjoint) sensitivity analysis, which solves backwards.',
      ),
    ).toContain('defined:adjoint sensitivity analysis')
  })

  it('takes the name of the page a long link text leads to, and no resource as a term', () => {
    expect(
      linkTerm(
        'Lotka-Volterra equations describe the dynamics of the population of rabbits and wolves',
        'https://en.wikipedia.org/wiki/Lotka%E2%80%93Volterra_equations',
      ),
    ).toBe('Lotka-Volterra equations')
    expect(linkTerm('stiff', 'https://en.wikipedia.org/wiki/Stiff_equation')).toBe('stiff')
    expect(
      linkTerm(
        'ODE tutorial of the DifferentialEquations.jl documentation',
        'https://docs.sciml.ai/dev/tutorials/ode_example',
      ),
    ).toBeNull()
    expect(linkTerm('residual neural network', 'https://arxiv.org/abs/1512.03385')).toBe('residual neural network')
  })
})

describe('annotations for emphasised and back-named terms', () => {
  const essay: TestEssay = {
    id: 60,
    title: 'Masking attention',
    markdown: `Sequences in one minibatch have different lengths, so shorter ones are padded with blank tokens.
Since we do not want blanks in the weighted average, we simply limit the sum to the actual length of each sentence. Since it is such a common problem, it has a name: the *masked softmax operation*.
Padding is cheap, and padding keeps the minibatch rectangular. The attention weights of padded positions are zero after masking, and masking is applied before the softmax.
Let us implement it in a few lines and test it on a small minibatch of two sequences.`,
  }

  it('annotates a term named after its description with that description, which its own sentence does not say', async () => {
    const input = inputFor(essay)
    const masked = (await provider.annotations(input)).find((a) => a.targetText === 'masked softmax operation')
    expect(masked?.type).toBe('definition')
    expect(masked?.annotation).toContain('we simply limit the sum to the actual length of each sentence')
  })

  it('never reads a relative "that are known as" as a name for the sentence before', async () => {
    const e: TestEssay = {
      id: 61,
      title: 'Fits',
      markdown:
        'We fit a line to the points by minimising squared errors of the fit. Minimising it gives estimates that are known as least squares estimates.',
    }
    const targets = (await provider.annotations(inputFor(e))).filter((a) =>
      a.annotation.startsWith('What the essay names so'),
    )
    expect(targets).toEqual([])
  })
})

describe('link texts by where they lead', () => {
  it('finds the post a relative address or a post_url name leads to, and none for a page off the essays', () => {
    const index = siteIndex({
      posts: [
        { id: 1, slug: 'var-samp', title: 'Sample variance', tags: [], plainText: '' },
        { id: 2, slug: 'intro', title: 'Intro', tags: [], plainText: '' },
      ],
    })
    expect(index.postAt('/D/var-samp')?.id).toBe(1)
    expect(index.postAt('2019-01-05-intro')?.id).toBe(2)
    expect(index.postAt('/slack/')).toBeUndefined()
    expect(index.postAt('https://example.org/intro')).toBeUndefined()
  })
})

describe('terms as the essay writes them, on essays never seen (issue 39)', () => {
  const keyTerms = (essay: TestEssay) => {
    const doc = readEssayMarkdown(essay.markdown)
    const plainText = inputFor(essay).plainText
    return findKeyTerms(doc, siteIndex(siteOf([essay])), {
      selfId: essay.id,
      title: essay.title,
      plainText,
      limit: 12,
    }).map((t) => t.surface.toLowerCase())
  }

  it('reads a title word the essay mostly writes inside a phrase as that phrase ("Decay No More": weight decay)', () => {
    const terms = keyTerms({
      id: 1,
      title: 'Decay No More',
      markdown: `Weight decay is a regularisation used with Adam. Weight decay shrinks the weights at every step.
The optimiser applies weight decay after the gradient step, and the decay rate is tuned with the learning rate.
Without weight decay the weights grow.`,
    })
    expect(terms).toContain('weight decay')
    expect(terms).not.toContain('decay')
  })

  it('takes no word whose only capital is the sentence’s start ("Arguably"), and no phrase cut before its noun', () => {
    const terms = keyTerms({
      id: 2,
      title: 'Small singular values',
      markdown: `Arguably, the smallest non-zero singular value decides the test loss. Arguably, the training features matter.
The smallest non-zero singular value shrinks near the interpolation threshold. Arguably, this explains the peak.
When the smallest non-zero singular values are tiny, the test loss explodes.`,
    })
    expect(terms).not.toContain('arguably')
    expect(terms.some((t) => /singular$/.test(t))).toBe(false)
  })

  it('reads "X is a …" as a definition only where X is the clause’s subject', async () => {
    const notes = await provider.annotations(
      inputFor({
        id: 3,
        title: 'Forgetting',
        markdown: `Agents that learn from replayed experience suffer from primacy bias, and resets are the cure.

Resets of the network remove primacy bias in many tasks. Primacy bias hurts every later update of the agent.

The biggest obstacle to studying primacy bias is the compute required. Primacy bias grows with the replay ratio.`,
      }),
    )
    const note = notes.find((a) => a.targetText.toLowerCase() === 'primacy bias')
    expect(note?.annotation ?? '').not.toMatch(/defines it: The biggest obstacle/)
  })
})
