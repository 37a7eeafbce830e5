import { BlogError } from '../core/errors.js'
import { DEFAULT_MAX_OLD_GENERATION_MB } from '../core/worker-pool.js'
import { isTaskFailure, WarmPool, type WarmPoolOptions, type WarmPoolStats } from '../core/warm-pool.js'
import { lookupRender, renderKey, storeRender } from '../markdown/render-cache.js'
import type { RenderResult } from '../markdown/types.js'
import type { EssayDocument } from '../shared/schemas/index.js'
import type { EssayTask, PreparedEssay } from './prepare-essay.js'
import { renderFailure, type RenderTask } from './render-task.js'

/**
 * How long one file may take to parse and render before it fails alone. The corpus's largest
 * essay takes about 2 s on a busy machine; hostile files ran for minutes (issue 21).
 * `SCHOLIA_RENDER_TIMEOUT_S` changes it.
 */
const TIMEOUT_MS = numberFromEnv('SCHOLIA_RENDER_TIMEOUT_S', 30) * 1000
/** Heap one file may use, in MB (`SCHOLIA_RENDER_MEMORY_MB` changes it). */
const MEMORY_MB = numberFromEnv('SCHOLIA_RENDER_MEMORY_MB', DEFAULT_MAX_OLD_GENERATION_MB)
/**
 * Two workers: an upload and the owner's preview do not wait for each other, and the second core
 * of a small machine stays with the readers' requests when only one file is rendering.
 */
const SIZE = 2

let options: WarmPoolOptions = {
  worker: new URL('./prepare-worker', import.meta.url),
  size: SIZE,
  timeoutMs: TIMEOUT_MS,
  maxOldGenerationMb: MEMORY_MB,
}
let pool = new WarmPool<RenderTask, PreparedEssay | RenderResult>(options)

/*
 * The markdown pipeline (unified, KaTeX, highlight.js, citeproc: about 1.5 s of CPU to load) is
 * loaded by the workers only; this thread imports it just where workers cannot start at all, so
 * `blog import` and `blog serve` start without it.
 */

/**
 * Parses and renders one file on a render worker, never on this thread: what the watcher, an
 * upload and small imports go through. A file that runs out of time or memory fails alone with
 * a message saying which. Never rejects.
 */
export async function prepareOffThread(task: EssayTask): Promise<PreparedEssay> {
  const outcome = await pool.run({ kind: 'essay', task })
  if (!isTaskFailure(outcome)) return outcome as PreparedEssay
  // Workers cannot start here at all: work as before, on this thread, rather than import nothing.
  if ('notStarted' in outcome) return (await import('./prepare-essay.js')).prepareEssay(task)
  return { failed: renderFailure(outcome.error) }
}

/**
 * `renderCached` on a render worker: the same cache and key, but the render itself (a preview,
 * an edit, an old post's re-render) runs where it cannot stall the server. Rejects with a
 * BlogError (422) saying what went wrong when the markdown takes too long, needs too much
 * memory or renders to more HTML than a page may have.
 */
export async function renderOffThread(markdown: string, document?: EssayDocument | null): Promise<RenderResult> {
  const key = renderKey(markdown, document)
  const hit = lookupRender(key)
  if (hit) return hit
  const outcome = await pool.run({ kind: 'markdown', markdown, document })
  if (!isTaskFailure(outcome)) return storeRender(key, outcome as RenderResult)
  if ('notStarted' in outcome) {
    const [{ renderMarkdown }, { contextFromDocument }, { renderedSizeProblem }] = await Promise.all([
      import('../markdown/render-markdown.js'),
      import('../markdown/document-context.js'),
      import('../markdown/render-limits.js'),
    ])
    const rendered = renderMarkdown(markdown, contextFromDocument(document))
    const tooLarge = renderedSizeProblem(rendered.html)
    if (tooLarge) throw new BlogError('FILE_REJECTED', `Could not render the markdown: the text ${tooLarge}.`)
    return storeRender(key, rendered)
  }
  throw new BlogError(
    'FILE_REJECTED',
    `${renderFailure(outcome.error)}.`,
    'Nothing was saved: the post keeps its previous text.',
  )
}

/** Loads a render worker now, so the first upload or preview does not wait for it (`blog serve` at start). */
export function warmRenderWorkers(): void {
  pool.warm()
}

/** Figures of the render workers: workers started, tasks, timeouts, start-up time. */
export function renderWorkerStats(): WarmPoolStats {
  return pool.stats
}

/**
 * Replaces the render workers with ones under other limits (tests, the soak); the old ones end.
 * With no argument, the defaults again.
 */
export async function configureRenderWorkers(overrides: Partial<Omit<WarmPoolOptions, 'worker'>> = {}): Promise<void> {
  const old = pool
  options = { worker: options.worker, size: SIZE, timeoutMs: TIMEOUT_MS, maxOldGenerationMb: MEMORY_MB, ...overrides }
  pool = new WarmPool(options)
  await old.close()
}

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
