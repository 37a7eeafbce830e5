import { parentPort } from 'node:worker_threads'
import bcrypt from 'bcryptjs'
import type { PasswordJob, PasswordReply } from './password-work.js'

/**
 * The thread bcrypt runs on. bcryptjs is plain JavaScript: on the main thread each compare
 * (about 150 ms at cost 11) would stop every reader's page from being answered, and its async
 * API only slices the same work into chunks on the same thread.
 */
const port = parentPort
if (port) {
  port.on('message', (job: PasswordJob) => {
    let reply: PasswordReply
    try {
      reply =
        job.op === 'compare'
          ? { id: job.id, result: bcrypt.compareSync(job.password, job.hash) }
          : { id: job.id, result: bcrypt.hashSync(job.password, job.cost) }
    } catch (e) {
      reply = { id: job.id, error: e instanceof Error ? e.message : String(e) }
    }
    port.postMessage(reply)
  })
  port.postMessage({ ready: true })
}
