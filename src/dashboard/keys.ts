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
