import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads'
import type { DiagramJob, DiagramReply, DiagramRequest, DiagramResult } from './diagram-protocol.js'

/** A diagram that takes longer is given up (its thread stopped): a hostile one must not hold an import. */
const DIAGRAM_TIMEOUT_MS = 20_000
/** One render's diagrams together (a real one's take well under a second each); the rest stay code. */
const RENDER_BUDGET_MS = 40_000
/** A thread's first diagram also waits for it to start and load its libraries, slow on a busy machine. */
const STARTING_ALLOWANCE_MS = 40_000
/** Drawn diagrams kept by source, for the re-renders of one essay (edits, previews, page builds). */
const CACHE_SIZE = 200

interface Thread {
  worker: Worker
  port: MessagePort
}

let thread: Thread | null = null
let nextId = 0
const cache = new Map<string, DiagramResult>()

/**
 * Draws diagrams, synchronously as the markdown render is: a worker thread draws them (see
 * diagram-worker.ts) while this thread waits on a shared word, then takes the reply off the
 * port (the way synckit makes asynchronous work synchronous, with Node's own primitives). The
 * thread starts with the first diagram and is kept, unreferenced, for the next. Results come
 * in the requests' order; a diagram that could not be drawn is `{error}`.
 */
export function drawDiagrams(requests: readonly DiagramRequest[]): DiagramResult[] {
  const keyOf = (r: DiagramRequest) => `${r.engine}\n${r.source}`
  const missing = [...new Map(requests.filter((r) => !cache.has(keyOf(r))).map((r) => [keyOf(r), r])).values()]
  const failed = new Map<string, DiagramResult>()
  let spent = 0
  for (const request of missing) {
    if (spent >= RENDER_BUDGET_MS) {
      failed.set(keyOf(request), {
        error: `the essay's diagrams took longer than ${RENDER_BUDGET_MS / 1000} s to draw`,
      })
      continue
    }
    const started = performance.now()
    const drawn = drawOnThread([request], Math.min(DIAGRAM_TIMEOUT_MS, RENDER_BUDGET_MS - spent))
    // What the thread answered is kept; its not answering (a start failure, a timeout) is not.
    if ('failed' in drawn) failed.set(keyOf(request), { error: drawn.failed })
    else remember(keyOf(request), drawn.results[0])
    spent += performance.now() - started - drawn.starting
  }
  return requests.map((r) => cache.get(keyOf(r)) ?? failed.get(keyOf(r)) ?? { error: 'it could not be drawn' })
}

function remember(key: string, result: DiagramResult): void {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, result)
}

/** The thread's answer (`starting`: how long of it went to starting the thread), or why there is none. */
function drawOnThread(
  requests: DiagramRequest[],
  timeoutMs: number,
): ({ results: DiagramResult[] } | { failed: string }) & { starting: number } {
  let current: Thread
  const starting = thread === null
  try {
    current = thread ??= startThread()
  } catch (e) {
    return { failed: `the diagram thread could not start (${e instanceof Error ? e.message : String(e)})`, starting: 0 }
  }
  const signal = new SharedArrayBuffer(4)
  const job: DiagramJob = { id: nextId++, requests, signal }
  current.port.postMessage(job)
  const started = performance.now()
  const limit = timeoutMs + (starting ? STARTING_ALLOWANCE_MS : 0)
  const waited = Atomics.wait(new Int32Array(signal), 0, 0, limit)
  // The start's share is not the diagram's: counted as at most the allowance, whatever the wait.
  const startShare = starting ? Math.min(STARTING_ALLOWANCE_MS, performance.now() - started) : 0
  const reply = receiveMessageOnPort(current.port)?.message as DiagramReply | undefined
  if (waited === 'timed-out' || !reply || reply.id !== job.id) {
    stopThread(current)
    return { failed: `drawing it took longer than ${timeoutMs / 1000} s`, starting: startShare }
  }
  return { results: reply.results, starting: startShare }
}

function startThread(): Thread {
  const { port1, port2 } = new MessageChannel()
  const worker = createDiagramWorker(port2)
  // Never what keeps a command running: the thread waits for work, the process need not.
  worker.unref()
  port1.unref()
  worker.on('error', () => stopThread({ worker, port: port1 }))
  worker.on('exit', () => {
    if (thread?.worker === worker) thread = null
  })
  return { worker, port: port1 }
}

function stopThread(stopping: Thread): void {
  if (thread?.worker === stopping.worker) thread = null
  stopping.port.close()
  void stopping.worker.terminate()
}

/**
 * The compiled `.js` worker, or, from TypeScript source (tests, `SCHOLIA_SOURCE=1`), the `.ts`
 * one through tsx, which Node 20 does not apply to a worker by itself (see auth/password-work.ts).
 */
function createDiagramWorker(port: MessagePort): Worker {
  // Layout of a huge graph can take memory without end: the thread dies, not the process.
  const options = {
    workerData: { port },
    transferList: [port],
    // None of the process's flags: a render worker's V8 limits are refused by a thread, and tsx
    // is registered by the thread itself.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./diagram-worker.js', import.meta.url), options)
  const tsx = import.meta.resolve('tsx/esm/api')
  const module = new URL('./diagram-worker.ts', import.meta.url).href
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}) })`
  return new Worker(source, { ...options, eval: true })
}
