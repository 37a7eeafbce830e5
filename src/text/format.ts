/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max = 360): string {
  const t = text.trim()
  if (t.length <= max) return t
  const cut = t.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`
}

/** “A”, “A” and “B”, “A”, “B” and “C”. */
export function quoteList(items: string[]): string {
  const q = items.map((s) => `“${s}”`)
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`
