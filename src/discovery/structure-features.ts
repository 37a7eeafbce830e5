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

/**
 * Counted from the markdown with a few patterns rather than a full read of the essay: every
 * essay of the site needs these for every related-posts list, and they are only proportions.
 */
export function structureOf(markdown: string, words: number): StructureFeatures {
  const w = Math.max(words, 1)
  const fences = markdown.match(/^\s*(?:`{3,}|~{3,})/gm)?.length ?? 0
  const prose = markdown.replace(/^\s*(?:`{3,}|~{3,})[\s\S]*?^\s*(?:`{3,}|~{3,})/gm, '')
  const displays = (prose.match(/\$\$/g)?.length ?? 0) / 2 + (prose.match(/\\begin\{(?:equation|align|gather|multline)\*?\}|\\\[/g)?.length ?? 0)
  const inline = prose.replace(/\$\$[\s\S]*?\$\$/g, '').match(/\$[^$\n]+?\$|\\\(/g)?.length ?? 0
  const headings = prose.match(/^#{1,6}(?=\s)/gm) ?? []
  return {
    words,
    mathDensity: ((Math.floor(displays) + inline) * 100) / w,
    headingDensity: (headings.length * 1000) / w,
    headingDepth: headings.reduce((d, h) => Math.max(d, h.length), 0),
    codeDensity: (Math.floor(fences / 2) * 1000) / w,
    linkDensity: ((prose.match(/\]\([^)\s]+/g)?.length ?? 0) * 100) / w,
  }
}

/** Where the markdown links to, with each link's text: `[text](url)`, as written. */
export function markdownLinks(markdown: string): { text: string; url: string }[] {
  return [...markdown.matchAll(/\[([^\]\n]*)\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((m) => ({ text: m[1], url: m[2] }))
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
  return clamp01(0.35 * squash(s.mathDensity, 4) + 0.3 * squash(s.words, 2500) + 0.2 * clamp01((longWordShare - 0.04) * 6) + 0.15 * squash(s.codeDensity, 3))
}

const squash = (x: number, scale: number) => (x <= 0 ? 0 : x / (x + scale))
export const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0)
