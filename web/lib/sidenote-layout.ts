/** A vertical extent in the margin, in pixels from the top of the essay. */
export interface Span {
  top: number
  bottom: number
}

/**
 * Where each margin note goes: as close to its reference as it can (`wanted`, in reading order),
 * never over the note before it nor over what already sits in the margin (asides, wide figures).
 * A note in an obstacle's way goes just above it when it fits there, else just below it; notes
 * keep the order of their references.
 */
export function placeSidenotes(
  wanted: readonly number[],
  heights: readonly number[],
  obstacles: readonly Span[],
  gap: number,
): number[] {
  const blocked = [...obstacles].sort((a, b) => a.top - b.top)
  const tops: number[] = []
  let floor = -Infinity
  for (let i = 0; i < wanted.length; i++) {
    const height = heights[i] ?? 0
    const start = Math.max(wanted[i], floor)
    let top = start
    // The note only moves down here, so going over the obstacles again until none is in the way ends.
    for (let moved = true; moved;) {
      moved = false
      for (const span of blocked) {
        if (!overlaps(top, height, span, gap)) continue
        const above = span.top - gap - height
        // just above the obstacle, if that is nearer than below it and clear of everything else
        if (
          above >= floor &&
          above < start &&
          start - above < span.bottom + gap - start &&
          !blocked.some((s) => overlaps(above, height, s, gap))
        ) {
          top = above
          break
        }
        top = span.bottom + gap
        moved = true
      }
    }
    tops.push(top)
    floor = top + height + gap
  }
  return tops
}

function overlaps(top: number, height: number, span: Span, gap: number): boolean {
  return top < span.bottom + gap && top + height + gap > span.top
}
