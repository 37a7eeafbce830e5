import { createHash } from 'node:crypto'
import type { AssetExt } from '../../media/asset-types.js'
import type { EmbeddedFile } from '../parse/types.js'
import type { MultilineText } from './notebook-schema.js'

/** The image types a notebook keeps as bytes, and the stored extension of each. */
export const IMAGE_TYPES: ReadonlyArray<readonly [mime: string, ext: AssetExt]> = [
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/svg+xml', 'svg'],
]

/** A MIME value as nbformat keeps text: one string or its lines. */
export function joinText(value: MultilineText): string {
  return Array.isArray(value) ? value.join('') : value
}

/**
 * The figures a notebook carries inside it, each under a reference its converted markdown uses.
 * The reference names the content's hash, so the markdown (whose hash decides whether a re-import
 * changes the post) changes whenever a picture does, and the same picture twice is one entry.
 */
export class EmbeddedFiles {
  readonly byReference = new Map<string, EmbeddedFile>()

  /**
   * The reference for an image kept in a MIME bundle (`image/png` as base64, SVG as text), or
   * null when the value is not one.
   */
  addImage(mime: string, value: unknown, kind: 'output' | 'attachment'): string | null {
    const ext = IMAGE_TYPES.find(([type]) => type === mime)?.[1]
    const text = typeof value === 'string' || isLines(value) ? joinText(value) : null
    if (!ext || text === null) return null
    // Binary types are base64 (with line breaks in older notebooks); SVG is the document's text.
    const bytes = ext === 'svg' ? Buffer.from(text, 'utf8') : Buffer.from(text.replace(/\s+/g, ''), 'base64')
    if (bytes.length === 0) return null
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
    const reference = `notebook-${kind}-${hash}.${ext}`
    this.byReference.set(reference, { bytes: new Uint8Array(bytes), ext })
    return reference
  }
}

function isLines(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((line) => typeof line === 'string')
}
