import type { TaskReply, TaskRequest } from './worker-pool.js'

/**
 * The worker side of the pools (a child process, see child-worker.ts): answers each task with
 * `handle`'s result or its error, over the IPC channel. A worker whose parent is gone (it was
 * killed, or exited without ending its workers) ends too, rather than linger.
 */
export function serveTasks<In, Out>(handle: (input: In) => Out): void {
  const send = process.send?.bind(process)
  if (!send) return
  const reply = (message: TaskReply<Out>): void => void send(message)
  process.on('message', ({ id, input }: TaskRequest<In>) => {
    try {
      reply({ type: 'result', id, result: handle(input) })
    } catch (error) {
      reply({ type: 'error', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  process.on('disconnect', () => process.exit(0))
  reply({ type: 'ready' })
}
