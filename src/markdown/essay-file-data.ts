import type { RenderContext } from './types.js'
import type { VFile } from 'vfile'
import type { EssayDocument, EssayWarning } from '../shared/schemas/index.js'

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

/**
 * Records a problem found while reading the essay as a vfile message (rule id and reason), once:
 * the same message twice reads as noise in the import report. `renderMarkdown` hands the
 * file's messages on as the document's warnings.
 */
export function warn(file: VFile, rule: string, message: string): void {
  if (file.messages.some((m) => m.ruleId === rule && m.reason === message)) return
  file.message(message, { ruleId: rule, source: 'scholia' })
}

/** The file's messages as the essay document keeps them. */
export function warningsOf(file: VFile): EssayWarning[] {
  return file.messages.map((m) => ({ rule: m.ruleId ?? 'render', message: m.reason }))
}
