import type { EmbeddedFile } from '../parse/types.js'
import { notebookToMarkdown } from './notebook-to-markdown.js'
import { parseNotebook } from './parse-notebook.js'

/**
 * A notebook's text (already checked to be UTF-8) as the markdown essay it publishes as, with
 * the figures it carries; or why it cannot be read, in words for the import report.
 */
export function notebookSource(
  text: string,
): { ok: true; text: string; embedded: ReadonlyMap<string, EmbeddedFile> } | { ok: false; error: string } {
  const parsed = parseNotebook(text)
  if (!parsed.ok) return parsed
  const { markdown, embedded } = notebookToMarkdown(parsed.notebook)
  return { ok: true, text: markdown, embedded }
}
