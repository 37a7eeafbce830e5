import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { inputFor, type TestEssay } from './essays.js'

const provider = new LocalProvider()

const essay: TestEssay = {
  id: 1,
  title: 'Notes on pretraining',
  markdown: [
    'We pretrain a masked language model (MLM) on a large corpus of web text and books.',
    '',
    'Training hides one token in seven and asks the network to restore it from the rest of the line.',
    '',
    'An MLM sees the whole sentence at once, so it reads context on both sides of every hidden token.',
    '',
    'Later sections compare the MLM with a decoder that only reads the tokens before each position.',
  ].join('\n'),
}

describe('a term the essay abbreviates', () => {
  it('is annotated where it is spelled out, with what the essay says of it under its short form', async () => {
    const notes = await provider.annotations(inputFor(essay))
    const note = notes.find((a) => a.targetText === 'masked language model')
    expect(note?.annotation).toContain('An MLM sees the whole sentence at once')
  })
})
