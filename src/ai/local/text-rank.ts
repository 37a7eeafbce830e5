import { cosine, type TermVector } from '../../text/site-index.js'

/** PageRank's damping: the chance of following an edge rather than jumping anywhere. */
const DAMPING = 0.85
const ROUNDS = 40

/**
 * TextRank (Mihalcea & Tarau 2004) over sentences: a graph whose edges weigh how alike two
 * sentences are (cosine of their TF-IDF vectors), ranked by weighted PageRank. A sentence scores
 * high when many others say something close to it: the essay's recurring point, not the
 * sentence that happens to share most words with the whole text.
 */
export function textRank(vectors: readonly TermVector[]): number[] {
  const n = vectors.length
  if (n === 0) return []
  const weight = vectors.map((a, i) => vectors.map((b, j) => (i === j ? 0 : cosine(a, b))))
  const out = weight.map((row) => row.reduce((s, w) => s + w, 0))
  let score = new Array<number>(n).fill(1 / n)
  for (let round = 0; round < ROUNDS; round++) {
    score = score.map((_, i) => {
      let sum = 0
      for (let j = 0; j < n; j++) if (out[j] > 0) sum += (weight[j][i] / out[j]) * score[j]
      return (1 - DAMPING) / n + DAMPING * sum
    })
  }
  return score
}
