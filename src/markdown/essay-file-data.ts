import type { RenderContext } from './types.js'
import type { EssayDocument } from '../shared/schemas/index.js'

declare module 'vfile' {
  interface DataMap {
    /** What the renderer may consult beyond the markdown (see RenderContext). */
    context: RenderContext
    /** The essay document's parts, filled in by the plugins as they read the tree. */
    document: EssayDocument
  }
}

/** The document being collected for this render; plugins append to it. */
export function documentOf(file: { data: { document?: EssayDocument } }): EssayDocument {
  file.data.document ??= { assets: {}, references: [], anchors: [], warnings: [] }
  return file.data.document
}

/** The render's context (empty when the caller gave none). */
export function contextOf(file: { data: { context?: RenderContext } }): RenderContext {
  return file.data.context ?? {}
}

/** Records a warning once (the same message twice reads as noise in the import report). */
export function warn(file: { data: { document?: EssayDocument } }, rule: string, message: string): void {
  const warnings = documentOf(file).warnings
  if (!warnings.some((w) => w.rule === rule && w.message === message)) warnings.push({ rule, message })
}
