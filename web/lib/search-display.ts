/** How the search page shows a result's match (SPEC §3 SearchResult) without raw numbers. */

/** SPEC §9: search cards show 5 tags, then '+N more'. */
export const SEARCH_CARD_TAGS = 5

const MATCH_LABELS: Record<string, string> = {
  title: 'Title match',
  content: 'Text match',
  tags: 'Tag match',
  semantic: 'Related idea',
}

/** The badge for a result's matchType; an unknown type reads 'Match'. */
export function matchTypeLabel(type: string): string {
  return Object.hasOwn(MATCH_LABELS, type) ? MATCH_LABELS[type] : 'Match'
}

/** Relevance on 1–5 bars, relative to the best result on the page (scores have no fixed scale). */
export function relevanceLevel(score: number, best: number): number {
  if (!Number.isFinite(score) || !Number.isFinite(best) || best <= 0 || score <= 0) return 1
  return Math.max(1, Math.min(5, Math.ceil((score / best) * 5)))
}

const LEVEL_WORDS = ['', 'Low', 'Fair', 'Good', 'High', 'Top']

/** 'Top relevance', 'Fair relevance': the bars in words, for screen readers and the tooltip. */
export function relevanceText(level: number): string {
  return `${LEVEL_WORDS[Math.max(1, Math.min(5, Math.round(level)))]} relevance`
}

/** '1 result', '12 results'. */
export function resultCountText(count: number): string {
  return count === 1 ? '1 result' : `${count} results`
}
