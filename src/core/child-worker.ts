import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import type { Socket } from 'node:net'
import { fileURLToPath } from 'node:url'

/**
 * What the pools need of a worker (`Reply`: what the worker module sends, trusted as the
 * program's own code): a message channel, a way to end it, and whether it keeps the
 * process alive. Met by a child process (below), so whatever a task does to its worker's heap,
 * the process that asked cannot go down with it.
 */
export interface TaskWorker<Reply = unknown> {
  postMessage(message: unknown): void
  on(event: 'message', listener: (message: Reply) => void): this
  on(event: 'error', listener: (error: Error) => void): this
  on(event: 'exit', listener: (code: number | null) => void): this
  ref(): void
  unref(): void
  /** Ends the worker, whatever it is doing; resolves once it has exited. */
  terminate(): Promise<void>
}

/** What V8 prints when a heap passes its limit and it aborts the process. */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i
/** The end of a worker's stderr that is kept, to tell an out-of-memory death from another. */
const STDERR_TAIL = 4096

export interface ChildWorkerOptions {
  /** Old-generation heap cap (MB): past it V8 aborts the worker's process, not this one. */
  maxOldGenerationMb: number
  /** Young generation (MB), in V8's terms: two semi-spaces and the new large-object space. */
  maxYoungGenerationMb: number
  /** Further V8 flags for the worker's process. */
  v8Flags?: readonly string[]
}

/**
 * A worker in a process of its own, talking over Node's IPC channel with V8's serialiser (what a
 * worker thread's postMessage uses). Not a worker thread: V8 aborts the whole process when a
 * thread's heap passes its resourceLimits faster than Node can stop it (nodejs/node#47224), which
 * a hostile essay did to `blog serve` and to CI. A child that dies so takes nobody with it; it
 * is reported as an `error` with code ERR_WORKER_OUT_OF_MEMORY, as a thread's would be.
 */
export class ChildWorker<Reply> extends EventEmitter implements TaskWorker<Reply> {
  private readonly child: ChildProcess
  private stderrTail = ''
  private readonly exited: Promise<void>

  constructor(module: URL, opts: ChildWorkerOptions, loader?: string) {
    super()
    const execArgv = [
      `--max-old-space-size=${opts.maxOldGenerationMb}`,
      `--max-semi-space-size=${Math.max(1, Math.round(opts.maxYoungGenerationMb / 3))}`,
      ...(opts.v8Flags ?? []),
      ...(loader ? ['--import', loader] : []),
    ]
    this.child = fork(fileURLToPath(module), [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    this.child.stderr!.setEncoding('utf8')
    this.child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL)
    })
    this.child.on('message', (message) => this.emit('message', message))
    let ended: () => void = () => {}
    this.exited = new Promise((resolve) => (ended = resolve))
    const end = (code: number): void => {
      this.emit('exit', code)
      ended()
    }
    this.child.on('error', (error) => {
      // A spawn that failed (too many processes, no memory) never exits: the pool takes it for
      // a worker death, and waiting for its end must not wait for ever.
      this.emit('error', error)
      if (this.child.pid === undefined) end(1)
    })
    this.child.once('exit', (code, signal) => {
      // stderr may still hold the last words after 'exit'; 'close' comes once it is drained.
      this.child.once('close', () => {
        if (code !== 0 && OUT_OF_MEMORY.test(this.stderrTail)) this.emit('error', outOfMemory())
        end(code ?? (signal ? 128 : 1))
      })
    })
  }

  /** The worker's process id (undefined if it could not be spawned). */
  get pid(): number | undefined {
    return this.child.pid
  }

  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as object)
  }

  ref(): void {
    this.child.ref()
    this.child.channel?.ref()
    ;(this.child.stderr as Socket | null)?.ref()
  }

  unref(): void {
    this.child.unref()
    this.child.channel?.unref()
    ;(this.child.stderr as Socket | null)?.unref()
  }

  terminate(): Promise<void> {
    // An idle worker is unref'd; its end is still awaited, so it must hold the process till then.
    this.ref()
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
    return this.exited
  }
}

function outOfMemory(): Error {
  return Object.assign(new Error('The worker ran out of its heap'), { code: 'ERR_WORKER_OUT_OF_MEMORY' })
}
