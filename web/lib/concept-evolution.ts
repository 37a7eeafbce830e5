/**
 * GET /api/concepts/evolution, read leniently (the browser does not parse with zod): a list of
 * `{concept, firstSeen, lastSeen, totalPosts, trend, posts: [{title, weight, …}]}`, or an
 * object holding one; a few other field names are taken too. Items with no concept are dropped.
 */

export interface EvolutionItem {
  concept: string
  /** How the concept grew or changed. */
  text: string
  /** Where it happened: essay titles, a stage or a date, as given. */
  where: string[]
  /** 0–1 when the server gives a strength or score. */
  score: number | null
  /** rising, steady, declining, emerging — when given. */
  trend: string | null
  /** How many essays use the concept, when given. */
  count: number | null
  /** First and last use (ISO dates), when given. */
  firstSeen: string | null
  lastSeen: string | null
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function firstText(item: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const v = item[key]
    if (typeof v === 'string' && v.trim()) return v.trim()
    if (Array.isArray(v)) {
      const texts = v.filter((x): x is string => typeof x === 'string' && x.trim() !== '')
      if (texts.length > 0) return texts.join(' → ')
    }
  }
  return ''
}

function titlesOf(v: unknown): string[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((x) => {
    if (typeof x === 'string') return [x]
    if (isRecord(x)) {
      const t = firstText(x, ['title', 'postTitle', 'name'])
      return t ? [t] : []
    }
    return []
  })
}

function readItem(raw: unknown): EvolutionItem | null {
  if (!isRecord(raw)) return null
  const concept = firstText(raw, ['concept', 'name', 'term', 'title', 'theme'])
  if (!concept) return null
  const text = firstText(raw, ['description', 'summary', 'evolution', 'change', 'development', 'insight'])
  const where = [
    ...titlesOf(raw.posts ?? raw.essays ?? raw.appearances ?? raw.timeline ?? raw.stages),
    ...['postTitle', 'stage', 'period'].map((k) => firstText(raw, [k])).filter(Boolean),
  ]
  const s = [raw.strength, raw.score, raw.growth, raw.confidence].find(
    (v) => typeof v === 'number' && Number.isFinite(v),
  )
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  const count = [raw.totalPosts, raw.count, raw.essays].find((v) => typeof v === 'number' && Number.isFinite(v))
  return {
    concept,
    text,
    where: [...new Set(where)],
    score: typeof s === 'number' && s >= 0 && s <= 1 ? s : null,
    trend: str(raw.trend),
    count: typeof count === 'number' ? count : null,
    firstSeen: str(raw.firstSeen),
    lastSeen: str(raw.lastSeen),
  }
}

const TRENDS: Record<string, string> = {
  rising: 'Rising',
  steady: 'Steady',
  declining: 'Declining',
  emerging: 'Emerging',
}

/** A trend in words ('rising' → 'Rising'); unknown ones as given. */
export function trendText(trend: string): string {
  return Object.hasOwn(TRENDS, trend) ? TRENDS[trend] : trend
}

/** The evolution items in the answer, in the server's order. */
export function readConceptEvolution(data: unknown): EvolutionItem[] {
  let list: unknown = data
  if (isRecord(data)) {
    list =
      ['evolution', 'concepts', 'items', 'evolutions', 'conceptEvolution'].map((k) => data[k]).find(Array.isArray) ?? []
  }
  if (!Array.isArray(list)) return []
  return list.map(readItem).filter((x): x is EvolutionItem => x !== null)
}
