import type { ReadingBlock } from '../src/shared/schemas/index.js'
import { junkOf, selfNamed, type AidsOfEssay, type Junk } from './junk.js'
import { normText } from './measures.js'

/**
 * The measures that need no gold (issue 39), for one essay of the corpus: junk, how many
 * annotations a reader meets per 1,000 words, how many targets the essay itself marks as terms
 * (defines, emphasises, uses in a heading), and how many listed symbols carry a real name.
 */
export interface CorpusRow {
  file: string
  words: number
  annotations: number
  junk: Junk[]
  /** Targets the essay defines, emphasises or uses in a heading or its title. */
  marked: number
  variables: number
  named: number
}

export function corpusRow(file: string, title: string, words: number, aids: AidsOfEssay): CorpusRow {
  const marks = markedPhrases(title, aids.reading)
  return {
    file,
    words,
    annotations: aids.annotations.length,
    junk: junkOf(aids),
    marked: aids.annotations.filter((a) => isMarked(a.targetText, marks)).length,
    variables: aids.model.variables.length,
    named: aids.model.variables.filter(
      (v) =>
        !selfNamed(v.symbol, v.name) &&
        !/^No sentence naming/i.test(v.description.replace(/^Appears in [^.]*\.\s*/, '')),
    ).length,
  }
}

interface Marks {
  /** Emphasised runs, headings and the title, as normalised text padded with spaces. */
  shown: string[]
  /** Sentences of prose, lower case, for the definitional cues. */
  sentences: string[]
}

function markedPhrases(title: string, reading: readonly ReadingBlock[]): Marks {
  const shown = [` ${normText(title)} `]
  const sentences: string[] = []
  for (const b of reading) {
    if (b.kind === 'heading') shown.push(` ${normText(b.segments.map((s) => ('text' in s ? s.text : '')).join(''))} `)
    if (b.kind !== 'prose') continue
    for (const s of b.segments)
      if (s.kind === 'text' && s.emphasis)
        for (const r of s.emphasis) shown.push(` ${normText(s.text.slice(r.start, r.end))} `)
    const text = b.segments.map((s) => (s.kind === 'math' ? ' $ ' : 'text' in s ? s.text : '')).join('')
    sentences.push(...text.toLowerCase().split(/(?<=[.!?])\s+/))
  }
  return { shown, sentences }
}

/** The target is a phrase the essay shows as a term (emphasis, heading, title) or defines in a sentence. */
function isMarked(target: string, marks: Marks): boolean {
  const t = normText(target)
  if (t === '') return false
  if (marks.shown.some((s) => s.includes(` ${t} `))) return true
  const e = t.replace(/ /g, '[\\s-]+')
  const defines = new RegExp(
    `\\b${e}s?\\b\\s*(?:\\([^)]*\\)\\s*)?(?:is|are)\\s+(?:called\\s+|defined\\s+as\\s+|known\\s+as\\s+)?(?:a|an|the)\\b|` +
      `\\b(?:called|known as|referred to as|termed|we call|we define|define|definition of|denotes?|let)\\s+(?:[^.]{0,40}\\s)?(?:an?\\s+|the\\s+)?["“‘]?${e}|` +
      `\\b${e}s?\\b\\s+(?:denotes?|refers? to|means|stands? for)\\b`,
  )
  return marks.sentences.some((s) => s.includes(t.split(' ')[0]) && defines.test(s))
}
