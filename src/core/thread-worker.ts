import { parentPort } from 'node:worker_threads'
import type { TaskReply, TaskRequest } from './thread-pool.js'

/**
 * The worker side of `runOnWorkers`: answers each task with `handle`'s result or its error.
 * `transferOf` names buffers of a result to move to the caller rather than copy (they are
 * unusable here afterwards).
 */
export function serveTasks<In, Out>(handle: (input: In) => Out, transferOf?: (result: Out) => ArrayBuffer[]): void {
  const port = parentPort
  if (!port) return
  const reply = (message: TaskReply<Out>, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer)
  port.on('message', ({ id, input }: TaskRequest<In>) => {
    try {
      const result = handle(input)
      reply({ type: 'result', id, result }, transferOf?.(result))
    } catch (error) {
      reply({ type: 'error', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  reply({ type: 'ready' })
}
