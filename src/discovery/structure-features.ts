import type { EssayDoc } from '../ai/local/essay/types.js'

/** How an essay is built, independent of what it is about (SPEC §3 "structural" relations). */
export interface StructureFeatures {
  words: number
  /** Formulas (display and inline) per 100 words. */
  mathDensity: number
  /** Headings per 1,000 words. */
  headingDensity: number
  /** Deepest heading level used (0 without headings). */
  headingDepth: number
  /** Code blocks per 1,000 words. */
  codeDensity: number
  /** Links per 100 words. */
  linkDensity: number
}

export function structureOf(doc: EssayDoc, words: number): StructureFeatures {
  const w = Math.max(words, 1)
  return {
    words,
    mathDensity: ((doc.displays.length + doc.inline.length) * 100) / w,
    headingDensity: (doc.headings.length * 1000) / w,
    headingDepth: doc.headings.reduce((d, h) => Math.max(d, h.depth), 0),
    codeDensity: (doc.codeBlocks * 1000) / w,
    linkDensity: (doc.links.length * 100) / w,
  }
}

/**
 * 0–1: near 1 when two essays are alike in length, math, code and sectioning. Each feature
 * is squashed (`x / (x + scale)`) so one extreme essay does not dominate the distance.
 */
export function structureSimilarity(a: StructureFeatures, b: StructureFeatures): number {
  const parts = [
    [squash(Math.log10(a.words + 10), 3), squash(Math.log10(b.words + 10), 3)],
    [squash(a.mathDensity, 5), squash(b.mathDensity, 5)],
    [squash(a.codeDensity, 2), squash(b.codeDensity, 2)],
    [squash(a.headingDensity, 5), squash(b.headingDensity, 5)],
    [squash(a.headingDepth, 2), squash(b.headingDepth, 2)],
    [squash(a.linkDensity, 2), squash(b.linkDensity, 2)],
  ]
  const distance = Math.sqrt(parts.reduce((s, [x, y]) => s + (x - y) ** 2, 0) / parts.length)
  return clamp01(1 - 2 * distance)
}

/**
 * A 0–1 reading difficulty: longer essays, more formulas and a rarer vocabulary are harder.
 * `rareShare` is the share of the essay's terms that few other essays use.
 */
export function difficultyOf(s: StructureFeatures, rareShare: number): number {
  return clamp01(0.35 * squash(s.mathDensity, 4) + 0.3 * squash(s.words, 2500) + 0.2 * clamp01(rareShare * 2) + 0.15 * squash(s.codeDensity, 3))
}

const squash = (x: number, scale: number) => (x <= 0 ? 0 : x / (x + scale))
export const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0)
