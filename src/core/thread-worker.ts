import { parentPort } from 'node:worker_threads'
import type { TaskReply, TaskRequest } from './thread-pool.js'

/** The worker side of `runOnWorkers`: answers each task with `handle`'s result or its error. */
export function serveTasks<In, Out>(handle: (input: In) => Out): void {
  const port = parentPort
  if (!port) return
  const reply = (message: TaskReply<Out>): void => port.postMessage(message)
  port.on('message', ({ id, input }: TaskRequest<In>) => {
    try {
      reply({ type: 'result', id, result: handle(input) })
    } catch (error) {
      reply({ type: 'error', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  reply({ type: 'ready' })
}
