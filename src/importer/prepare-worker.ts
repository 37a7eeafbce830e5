import { serveTasks } from '../core/serve-tasks.js'
import { renderMarkdown, type RenderResult } from '../markdown/index.js'
import { contextFromDocument } from '../markdown/document-context.js'
import { renderedSizeProblem } from '../markdown/render-limits.js'
import { prepareEssay, type PreparedEssay } from './prepare-essay.js'
import type { RenderTask } from './render-task.js'

/**
 * A render worker: parses and renders one file per message for imports (bulk, see
 * prepare-many.ts, or one at a time, see render-pool.ts), or renders the markdown of an edit or
 * a preview with its stored essay document as context.
 */
serveTasks((task: RenderTask): PreparedEssay | RenderResult => {
  if (task.kind === 'essay') return prepareEssay(task.task)
  const rendered = renderMarkdown(task.markdown, contextFromDocument(task.document))
  const tooLarge = renderedSizeProblem(rendered.html)
  // Thrown here, it reaches the caller as this task's error, and the HTML never crosses to the caller.
  if (tooLarge) throw new Error(`The text ${tooLarge}`)
  return rendered
})
