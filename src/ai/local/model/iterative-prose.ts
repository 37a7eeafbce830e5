import type { EssayDoc, Sentence } from '../../../text/essay-doc.js'
import { hasTexInProse } from '../../guard/tex-in-prose.js'

/**
 * A sentence that says something is repeated step by step: "in each iteration", "at every
 * epoch", "alternately", "the training loop", "we update the parameters". Many essays train or
 * iterate a model without writing the update as a formula (a GAN's alternating steps, a training
 * loop in code), and their model is not static for that.
 */
const REPEATS = [
  /\b(?:at|in|for|after|on)\s+(?:each|every)\s+(?:iteration|step|time\s+step|epoch|round|update)\b/i,
  /\b(?:iteratively|alternately|alternating(?:ly)?|alternate\s+between)\b/i,
  /\btraining\s+(?:loop|iterations?|steps?)\b/i,
  // the parameters as what is updated, not a weight matrix that merely appears near "updating"
  /\bupdat(?:e|es|ed|ing)\s+(?:[\w'’]+\s+){0,2}(?:parameters?|weights?)\b|\b(?:parameters?|weights?)\s+(?:are|is|get|gets|were|was)\s+updated\b/i,
]
/** One such sentence can be a figure of speech ("at every step, each token has …"); two are a process. */
const MIN_SENTENCES = 2
const MAX_QUOTED = 2

/**
 * The essay's own sentences that describe a process repeated over iterations, when it states at
 * least two; a reader sees them quoted, so only whole prose sentences a reader could read as text
 * (no formula left as TeX) are quoted, though every match counts as evidence.
 */
export function iterativeProse(doc: EssayDoc): { quotes: string[] } | null {
  const found = doc.sentences.filter((s) => isProse(s) && REPEATS.some((p) => p.test(s.prose)))
  if (found.length < MIN_SENTENCES) return null
  const quotes = found
    .map((s) => s.text.trim())
    .filter((t) => /^[\p{Lu}\d“"(]/u.test(t) && /[.!?]["”)]?$/.test(t) && t.length <= 300 && !hasTexInProse(t))
    .slice(0, MAX_QUOTED)
  return { quotes }
}

const isProse = (s: Sentence) => s.block === 'paragraph' || s.block === 'item'
