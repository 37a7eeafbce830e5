import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { laterStatements } from '../../../src/ai/local/term-passage.js'
import { termPattern } from '../../../src/ai/local/term-patterns.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { structuralTerms } from '../../../src/text/defined-terms.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()

const layers: TestEssay = {
  id: 31,
  title: 'Comparing sequence layers',
  markdown: `We compare three layers by their memory footprint, their depth and the longest route between two positions.
Each layer maps a sequence of tokens to another sequence of the same length, which is what makes them comparable at all.

A recurrent layer reads one token at a time. Its memory footprint is linear in the sequence length, because it keeps one hidden state per step.

A convolutional layer looks at a window of tokens. Its memory footprint is larger, since every window keeps its own activations for the backward pass.

Both layers can be stacked, and stacking them changes how far information travels in one pass through the network.`,
}

const ecology: TestEssay = {
  id: 32,
  title: 'Populations that feed on each other',
  markdown: `Models of hunters and their prey are among the oldest in mathematical biology.
For example, the predator-prey equations describe the populations of rabbits and wolves over time. They can be written as:

$$x' = \\alpha x - \\beta x y$$

Here the rabbits grow on their own and the wolves live from them, so the two populations rise and fall in turn.`,
}

describe('notes from where the essay comes back to a term (issue 39)', () => {
  it('gathers two statements about the term from other paragraphs than the one the reader meets it in', () => {
    const doc = readEssayMarkdown(layers.markdown)
    const pattern = termPattern('memory footprint')
    const uses = doc.sentences.filter((s) => pattern.test(s.text.toLowerCase()))
    const note = laterStatements(doc, pattern, uses, uses[0])
    expect(note).toContain('Its memory footprint is linear in the sequence length')
    expect(note).toContain('Its memory footprint is larger')
    // not the sentence the reader is reading
    expect(note).not.toContain('We compare three layers')
  })

  it('never quotes the entries of a reference list as statements', () => {
    const doc = readEssayMarkdown(
      `We use memory footprint as our measure.\n\n## References\n\n- “Memory footprint of deep nets.” ICML 2019.\n\n- “Reducing the memory footprint of attention.” NeurIPS 2020.`,
    )
    const pattern = termPattern('memory footprint')
    const uses = doc.sentences.filter((s) => pattern.test(s.text.toLowerCase()))
    expect(laterStatements(doc, pattern, uses, uses[0])).toBeNull()
  })

  it('never quotes the sentence the target is placed in, when an earlier sentence writes the term another way', async () => {
    const lists: TestEssay = {
      id: 34,
      title: 'Three layers compared',
      markdown: `We compare layers by their memory footprints and their depth, which decide what they cost.

A recurrent layer reads one token at a time, and its memory footprint is linear in the length.

A convolutional layer looks at a window of tokens. Its memory footprint is larger than the recurrent one.

An attention layer looks at every token. Its memory footprint is quadratic in the sequence length.`,
    }
    const annotations = await provider.annotations(inputFor(lists, siteOf([lists])))
    const note = annotations.find((a) => a.targetText === 'memory footprint')
    // the page highlights the first "memory footprint" (the recurrent layer's sentence): the note is what comes after
    expect(note?.annotation).toContain('Its memory footprint is larger')
    expect(note?.annotation).not.toContain('linear in the length')
  })

  it('makes no such note from a single later statement: one sentence like the reader’s adds nothing', () => {
    const doc = readEssayMarkdown(`A cache keeps results.\n\nA cache speeds up repeated requests by a large factor.`)
    const pattern = termPattern('cache')
    const uses = doc.sentences.filter((s) => pattern.test(s.text.toLowerCase()))
    expect(laterStatements(doc, pattern, uses, uses[0])).toBeNull()
  })

  it('gives a term the essay marks (bold) where the reader meets it the one statement it makes of it later', async () => {
    const tickets: TestEssay = {
      id: 34,
      title: 'Small networks inside large ones',
      markdown: `Large networks hold small ones that train as well as they do: the **winning tickets** of a random initialisation.

Pruning finds them after training, by removing the weights of smallest magnitude and resetting the rest.

Only training the small winning ticket from its initial values, the model reaches the accuracy of the whole network.`,
    }
    const annotations = await provider.annotations(inputFor(tickets, siteOf([tickets])))
    const note = annotations.find((a) => a.targetText.toLowerCase() === 'winning tickets')
    expect(note?.annotation).toBe(
      'Where the essay comes back to it: “Only training the small winning ticket from its initial values, the model reaches the accuracy of the whole network.”',
    )
  })

  it('annotates a term the essay only states things about, with those statements', async () => {
    const annotations = await provider.annotations(inputFor(layers, siteOf([layers])))
    const note = annotations.find((a) => a.targetText.toLowerCase() === 'memory footprint')
    expect(note?.annotation).toMatch(/^Where the essay comes back to it: “Its memory footprint is linear/)
  })

  it('shows the formula a following "They can be written as:" introduces, read as the page typesets it', async () => {
    const annotations = await provider.annotations(inputFor(ecology, siteOf([ecology])))
    const note = annotations.find((a) => /predator-prey equations/i.test(a.targetText))
    expect(note?.annotation).toContain('= α x - β x y')
    expect(note?.annotation).not.toMatch(/\\alpha|\$/)
  })
})

const sections: TestEssay = {
  id: 33,
  title: 'Where a token sits',
  markdown: `Models that read all tokens at once need to be told where each token sits.

## Relative Positional Information

Besides where a token is, a model may learn how far apart two tokens are. Relative positional information lets it attend by offset rather than by index.

## Alan Edelman

Alan Edelman wrote the first version of this note.

## Implementation

We write it in a few lines.

## How do you add it?

You add it to the input.`,
}

describe('a section heading that names a term (issue 39)', () => {
  it('takes a noun-phrase heading for a term, and neither a person, a part of the essay nor a question', () => {
    const surfaces = structuralTerms(readEssayMarkdown(sections.markdown)).map((t) => t.surface.toLowerCase())
    expect(surfaces).toContain('relative positional information')
    expect(surfaces).not.toContain('alan edelman')
    expect(surfaces).not.toContain('implementation')
    expect(surfaces.some((s) => s.includes('add it'))).toBe(false)
  })

  it('explains the term with the opening of its section', async () => {
    const annotations = await provider.annotations(inputFor(sections, siteOf([sections])))
    const note = annotations.find((a) => a.targetText.toLowerCase() === 'relative positional information')
    expect(note?.annotation).toMatch(
      /^Under “Relative Positional Information” the essay explains: Besides where a token is/,
    )
  })
})
