/** The keys, in the order the help line lists them. The help screen adds the explanations. */
export const KEYS = [
  { key: '↑↓', label: 'move', help: 'move through the posts (also j/k, PgUp/PgDn)' },
  { key: 'space', label: 'select', help: 'select or unselect the post (g and p then act on the selection)' },
  { key: '/', label: 'filter', help: 'filter posts by title or slug; Enter keeps the filter, Esc clears it' },
  { key: 'i', label: 'import', help: 'import a folder or file of markdown essays (asks for the path)' },
  { key: 'g', label: 'generate', help: 'generate enhancements for the selected posts (choose the kinds)' },
  { key: 'p', label: 'publish', help: 'publish a draft, or move a published post back to drafts' },
  { key: 'o', label: 'open', help: "open the post's address in the browser" },
  { key: '?', label: 'help', help: 'show or hide this help' },
  { key: 'q', label: 'quit', help: 'leave the dashboard (also Ctrl-C)' },
] as const

/**
 * The help line's text for a width: every key with its label on one line when it fits, else
 * on two lines (the keys halved), else the bare keys.
 */
export function keysLines(width: number): string[] {
  const text = (keys: readonly (typeof KEYS)[number][]) => keys.map((k) => `${k.key} ${k.label}`).join('  ')
  const full = text(KEYS)
  if (full.length <= width) return [full]
  const half = Math.ceil(KEYS.length / 2)
  const two = [text(KEYS.slice(0, half)), text(KEYS.slice(half))]
  return two.every((l) => l.length <= width) ? two : [KEYS.map((k) => k.key).join(' ')]
}
