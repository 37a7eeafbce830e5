import { renderMarkdown } from '../markdown/render-markdown.js'
import type { CslEntry } from '../shared/schemas/index.js'
import type { EssayDoc } from './essay-doc.js'
import { readEssay } from './read-essay.js'

// Apart from read-essay.ts because it renders: whoever imports it loads the whole markdown
// pipeline (the local provider's fallback, tests), while search and discovery read stored essays.

/**
 * For a caller that holds only markdown (a stored document from before render version 5, a
 * test): the same reading, made by rendering it with the cited entries as its bibliography.
 */
export function readEssayMarkdown(markdown: string, references: readonly CslEntry[] = []): EssayDoc {
  const bibliography = references.length > 0 ? new Map(references.map((entry) => [entry.id, entry])) : undefined
  return readEssay(renderMarkdown(markdown, { bibliography }).reading)
}
