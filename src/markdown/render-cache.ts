import { createHash } from 'node:crypto'
import type { EssayDocument } from '../shared/schemas/index.js'
import { documentHash } from './document-context.js'
import { RENDER_VERSION, type RenderResult } from './types.js'

const MAX_ENTRIES = 200
/** Rendered HTML of math-heavy essays is large (KaTeX markup); bound the memory too. */
const MAX_CHARS = 32 * 1024 * 1024

const entries = new Map<string, RenderResult>()
let totalChars = 0

/**
 * Identity of a render: sha256 (hex) of the pipeline version and the markdown, so a new
 * `RENDER_VERSION` never reuses HTML from an older pipeline.
 */
export function contentHash(markdown: string): string {
  return createHash('sha256').update(`scholia-render-v${RENDER_VERSION}\0`).update(markdown).digest('hex')
}

/** The cache key of a render of `markdown` with `document` as its context (see renderCached in render-cached.ts). */
export function renderKey(markdown: string, document?: EssayDocument | null): string {
  const docKey = documentHash(document)
  return docKey ? contentHash(`${markdown}\0document:${docKey}`) : contentHash(markdown)
}

/** A cached render, marked most recently used; undefined when not cached. */
export function lookupRender(key: string): RenderResult | undefined {
  const hit = entries.get(key)
  if (hit === undefined) return undefined
  entries.delete(key)
  entries.set(key, hit)
  return hit
}

/** Caches `result` under `key` (a `contentHash`), evicting the least recently used; returns it frozen. */
export function storeRender(key: string, result: RenderResult): RenderResult {
  const frozen = freezeResult(result)
  const previous = entries.get(key)
  if (previous) {
    entries.delete(key)
    totalChars -= sizeOf(previous)
  }
  entries.set(key, frozen)
  totalChars += sizeOf(frozen)
  for (const [oldKey, old] of entries) {
    if (entries.size <= MAX_ENTRIES && totalChars <= MAX_CHARS) break
    if (oldKey === key) continue
    entries.delete(oldKey)
    totalChars -= sizeOf(old)
  }
  return frozen
}

/** Empties the cache (tests; or after a change of pipeline at run time). */
export function clearRenderCache(): void {
  entries.clear()
  totalChars = 0
}

function sizeOf(result: RenderResult): number {
  return result.html.length + result.plainText.length
}

function freezeResult(result: RenderResult): RenderResult {
  if (Object.isFrozen(result)) return result
  for (const entry of result.toc) Object.freeze(entry)
  Object.freeze(result.toc)
  return Object.freeze(result)
}
