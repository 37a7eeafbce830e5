import { parentPort } from 'node:worker_threads'
import type { RenderReply, RenderRequest } from './render-messages.js'
import { renderMarkdown } from './render-markdown.js'

/** A render worker (see render-pool.ts): renders essays one message at a time. */
const port = parentPort
if (port) {
  const reply = (message: RenderReply): void => port.postMessage(message)
  port.on('message', ({ id, markdown }: RenderRequest) => {
    try {
      reply({ type: 'result', id, result: renderMarkdown(markdown) })
    } catch (error) {
      reply({ type: 'error', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  reply({ type: 'ready' })
}
