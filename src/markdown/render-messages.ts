import type { RenderResult } from './types.js'

/** Main thread → render worker: one essay to render. */
export interface RenderRequest {
  id: number
  markdown: string
}

/** Render worker → main thread: ready once loaded, then one reply per request. */
export type RenderReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: RenderResult }
  | { type: 'error'; id: number; error: string }
