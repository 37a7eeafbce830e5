/**
 * Quarto's shortcodes (`{{< name args >}}`), by name. An `include` on its own line is expanded
 * before parsing when the page has its folder (includes.ts); one left here (an upload of one
 * file, or inside a paragraph) and `embed`, which needs a notebook's cells, are dropped and
 * reported; the others become what a reader would have seen. Other
 * dialects with the same `{{< … >}}` syntax (Hugo) add their names with `addShortcodes`.
 *
 * A dropped shortcode leaves an HTML comment naming it, which the sanitizer removes and
 * `reportDroppedShortcodes` (remark-pandoc.ts) turns into a warning: the preprocessor that
 * reads `{{…}}` has no file to warn on.
 */

/** What a shortcode becomes, as markdown; `dropped` says why it shows nothing. */
export interface ShortcodeResult {
  markdown: string
  dropped?: string
}

export type ShortcodeHandler = (args: string[], variables: ReadonlyMap<string, string>) => ShortcodeResult

const SHORTCODES = new Map<string, ShortcodeHandler>()

/** Adds (or replaces) shortcodes; a dialect module calls this once at load. */
export function addShortcodes(table: Readonly<Record<string, ShortcodeHandler>>): void {
  for (const [name, handler] of Object.entries(table)) SHORTCODES.set(name, handler)
}

const drop =
  (why: string): ShortcodeHandler =>
  () => ({ markdown: '', dropped: why })

addShortcodes({
  include: drop('Quarto `include` needs the other file, which is not imported with this page'),
  embed: drop('Quarto `embed` needs the notebook it embeds, which is not imported with this page'),
  pagebreak: () => ({ markdown: '' }),
  lipsum: () => ({ markdown: '' }),
  placeholder: () => ({ markdown: '' }),
  contents: () => ({ markdown: '' }),
  // Front matter values (`meta`) are the page's own; `_variables.yml` (`var`) and the
  // environment (`env`) are the site's, unknown here: the page's value if it has one.
  meta: ([key], variables) => ({ markdown: escapeMarkdown(lookup(key, variables)) }),
  var: ([key], variables) => ({ markdown: escapeMarkdown(lookup(key, variables)) }),
  env: () => ({ markdown: '' }),
  version: () => ({ markdown: '' }),
  kbd: (args) => ({ markdown: args.length > 0 ? `<kbd>${escapeHtml(args.join(' '))}</kbd>` : '' }),
  video: ([url]) =>
    url && /^https?:\/\//.test(url) ? { markdown: `[Video](<${url.replace(/[<>]/g, '')}>)` } : { markdown: '' },
})

/**
 * The markdown for `inner`, the text between `{{` and `}}` (`< video url >`), or null when
 * it names no shortcode this table has.
 */
export function renderShortcode(inner: string, variables: ReadonlyMap<string, string>): string | null {
  const m = /^([<%])\s*([\w-]+)((?:\s+[^\s]+)*)\s*[>%]$/.exec(inner.length > 2_000 ? '' : inner)
  if (!m) return null
  const handler = SHORTCODES.get(m[2])
  if (!handler) return null
  const args = unquoteArgs(m[3])
  const result = handler(args, variables)
  if (result.dropped === undefined) return result.markdown
  return `${result.markdown}<!--${DROPPED_MARK}${encodeURIComponent(`${m[2]} ${args.join(' ')}`.trim())}-->`
}

/** Starts the comment a dropped shortcode leaves behind (see remark-pandoc.ts). */
export const DROPPED_MARK = 'scholia-dropped-shortcode:'

function unquoteArgs(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((a) => a.replace(/^(["'])(.*)\1$/, '$2'))
}

function lookup(key: string | undefined, variables: ReadonlyMap<string, string>): string {
  return key === undefined ? '' : (variables.get(key) ?? variables.get(key.split('.').pop() ?? key) ?? '')
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>{}#~|$])/g, '\\$1')
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
