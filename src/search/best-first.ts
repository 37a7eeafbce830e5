/**
 * The positions of the `k` highest scores, best first (ties: the lower id first, so results
 * never shuffle between identical searches). For k far below the number of matches it keeps a
 * short sorted list and compares most matches only with its last entry, instead of sorting all.
 */
export function bestFirst(scores: ArrayLike<number>, ids: ArrayLike<number>, k: number): number[] {
  const before = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && ids[a] < ids[b])
  if (k >= scores.length)
    return Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
  const best: number[] = []
  if (k <= 0) return best
  for (let i = 0; i < scores.length; i++) {
    if (best.length === k && !before(i, best[k - 1])) continue
    let lo = 0
    let hi = best.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (before(best[mid], i)) lo = mid + 1
      else hi = mid
    }
    best.splice(lo, 0, i)
    if (best.length > k) best.pop()
  }
  return best
}
