/**
 * How much each signal counts in how related two essays are (they sum to 1, so the score stays
 * 0–1). Tuned on StatProofBook, whose authors link each proof to the proofs it builds on
 * (bench/related-recall.ts). Here, in the shared layer, so the score and the words that explain
 * it to readers come from the same numbers.
 */
export const RELATED_WEIGHTS = { text: 0.3, concept: 0.1, title: 0.1, tags: 0.45, structure: 0.05 } as const

const SIGNALS: { key: keyof typeof RELATED_WEIGHTS; words: string }[] = [
  { key: 'tags', words: 'shared tags and categories' },
  { key: 'text', words: 'shared vocabulary' },
  { key: 'concept', words: 'shared key concepts' },
  { key: 'title', words: 'one naming the other’s subject' },
  { key: 'structure', words: 'a similar build (length, formulas, code, sections)' },
]

/** A related post's "N% similar", said in words: what the percentage is made of. */
export const SIMILARITY_EXPLAINED = `How alike the two essays are, weighing ${SIGNALS.map(
  (s) => `${s.words} ${Math.round(RELATED_WEIGHTS[s.key] * 100)}%`,
).join(', ')}; an essay without tags is weighed on the rest.`
