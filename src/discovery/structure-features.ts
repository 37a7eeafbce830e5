import type { ReadingBlock } from '../shared/schemas/index.js'

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

/** Counted from the essay's one reading (its blocks as rendered), never from the markdown. */
export function structureOf(reading: readonly ReadingBlock[], words: number): StructureFeatures {
  const w = Math.max(words, 1)
  let displays = 0
  let inline = 0
  let headings = 0
  let depth = 0
  let code = 0
  let links = 0
  for (const block of reading) {
    if (block.kind === 'display') displays++
    else if (block.kind === 'code') code++
    else {
      if (block.kind === 'heading') {
        headings++
        depth = Math.max(depth, block.depth)
      }
      for (const s of block.segments) {
        if (s.kind === 'math') inline++
        else if (s.kind === 'link') links++
      }
    }
  }
  return {
    words,
    mathDensity: ((displays + inline) * 100) / w,
    headingDensity: (headings * 1000) / w,
    headingDepth: depth,
    codeDensity: (code * 1000) / w,
    linkDensity: (links * 100) / w,
  }
}

export interface ReadingLink {
  text: string
  url: string
  /** The kind of block it stands in (`item` for a list's, as a table of contents has them). */
  block: string
}

/** Where the essay links to, with each link's text and block, as the reading found them. */
export function readingLinks(reading: readonly ReadingBlock[]): ReadingLink[] {
  const out: ReadingLink[] = []
  for (const block of reading) {
    if (block.kind !== 'prose' && block.kind !== 'heading') continue
    const kind = block.kind === 'prose' ? block.block : 'heading'
    for (const s of block.segments) if (s.kind === 'link') out.push({ text: s.text, url: s.url, block: kind })
  }
  return out
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
 * A 0–1 reading difficulty: longer essays, more formulas, code and long words are harder.
 * `longWordShare` is the share of words of ten letters or more (about 5% in plain prose).
 */
export function difficultyOf(s: StructureFeatures, longWordShare: number): number {
  return clamp01(
    0.35 * squash(s.mathDensity, 4) +
      0.3 * squash(s.words, 2500) +
      0.2 * clamp01((longWordShare - 0.04) * 6) +
      0.15 * squash(s.codeDensity, 3),
  )
}

const squash = (x: number, scale: number) => (x <= 0 ? 0 : x / (x + scale))
export const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0)
