import type { EssayDocument } from '../shared/schemas/index.js'
import type { EssayTask } from './prepare-essay.js'

/**
 * What a render worker is asked (see prepare-worker.ts): a file to import, or markdown to render
 * with a stored essay document as its context (an edit, a preview). Plain data: it is copied to
 * the worker, so it cannot hold the functions of a RenderContext; the worker rebuilds those.
 */
export type RenderTask =
  { kind: 'essay'; task: EssayTask } | { kind: 'markdown'; markdown: string; document?: EssayDocument | null }

/** The per-file message of a render that failed, ran out of time or out of memory. */
export function renderFailure(reason: string): string {
  return `Could not render the markdown: ${reason}`
}
