/**
 * SPEC §9 display rules for the discovery screens: score colours and labels, the related
 * posts' relationship texts and similarity, and the "first N, then +N" cuts.
 */

export type ScoreTone = 'green' | 'yellow' | 'red'

/** SPEC §9: 0.8 or more green, 0.6 or more yellow, otherwise red. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 0.8) return 'green'
  if (score >= 0.6) return 'yellow'
  return 'red'
}

export type ScoreLabel = 'Excellent' | 'Strong' | 'Good' | 'Fair' | 'Weak'

/** SPEC §9: Excellent ≥ 0.9, Strong ≥ 0.8, Good ≥ 0.7, Fair ≥ 0.6, otherwise Weak. */
export function scoreLabel(score: number): ScoreLabel {
  if (score >= 0.9) return 'Excellent'
  if (score >= 0.8) return 'Strong'
  if (score >= 0.7) return 'Good'
  if (score >= 0.6) return 'Fair'
  return 'Weak'
}

/** A 0–1 score as a whole percentage, clamped (SPEC §9: similarity is a rounded percentage). */
export function percent(score: number): number {
  if (!Number.isFinite(score)) return 0
  return Math.round(Math.min(1, Math.max(0, score)) * 100)
}

/** SPEC §2: the text under a related post, e.g. '87% similar'. */
export function similarityText(score: number): string {
  return `${percent(score)}% similar`
}

const RELATIONSHIPS: Record<string, string> = {
  topical: 'Similar topics and themes',
  conceptual: 'Related concepts and ideas',
  structural: 'Similar structure and approach',
}

/** SPEC §9: why a post is related; an unknown type reads 'Related content'. */
export function relationshipText(type: string): string {
  return Object.hasOwn(RELATIONSHIPS, type) ? RELATIONSHIPS[type] : 'Related content'
}

/** The first `max` items and how many were left out (the '+N' / '+N more' after a cut list). */
export function firstOf<T>(items: readonly T[] | null | undefined, max: number): { shown: T[]; more: number } {
  const list = items ?? []
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) }
}

/** SPEC §9 analytics display limits. */
export const ANALYTICS_LIMITS = {
  evidence: 3,
  weakPoints: 2,
  connections: 5,
  evolution: 4,
  favouriteTopics: 3,
  engagementTriggers: 2,
} as const
