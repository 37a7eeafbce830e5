import type { EssayDocument } from '../shared/schemas/index.js'
import { contextFromDocument } from './document-context.js'
import { lookupRender, renderKey, storeRender } from './render-cache.js'
import { renderMarkdown } from './render-markdown.js'
import type { RenderResult } from './types.js'

/**
 * `renderMarkdown` behind an in-memory LRU cache keyed by `contentHash` (at most 200 results
 * and 32 M characters). Results are frozen and shared between callers: do not mutate them.
 * With a stored essay document (a post being edited), its figures and cited entries are the
 * render's context (see contextFromDocument), and the document is part of the key.
 */
export function renderCached(markdown: string, document?: EssayDocument | null): RenderResult {
  const key = renderKey(markdown, document)
  return lookupRender(key) ?? storeRender(key, renderMarkdown(markdown, contextFromDocument(document)))
}
