import type * as WorkerThreads from 'node:worker_threads'
import { describe, expect, it, vi } from 'vitest'

/** How the fake workers below misbehave. */
const behaviour = vi.hoisted(() => ({ mode: 'crash' as 'crash' | 'silent', started: 0, terminated: 0 }))

vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>()
  const { EventEmitter } = await import('node:events')
  /** A worker that cannot start: it crashes at once, or never says it is ready. */
  class BrokenWorker extends EventEmitter {
    threadId = 1
    constructor() {
      super()
      behaviour.started++
      if (behaviour.mode === 'crash') setImmediate(() => this.emit('error', new Error('Cannot find module tsx')))
    }
    postMessage(): void {}
    terminate(): Promise<number> {
      behaviour.terminated++
      this.threadId = -1
      return Promise.resolve(1)
    }
  }
  return { ...actual, Worker: BrokenWorker }
})

const { renderMany, renderMarkdown } = await import('../../../src/markdown/index.js')

const essays = Array.from({ length: 6 }, (_v, n) => `# Essay ${n}\n\n` + `Words and $x_${n}$.\n\n`.repeat(600))

describe('renderMany when workers cannot run', () => {
  it('renders everything in this thread when workers fail to start', async () => {
    behaviour.mode = 'crash'
    const out = await renderMany(essays, { threads: 2 })
    expect(behaviour.started).toBe(2)
    expect(behaviour.terminated).toBe(2)
    expect(out.map((o) => ('html' in o ? o.html : o.error))).toEqual(essays.map((e) => renderMarkdown(e).html))
  })

  it('gives up on workers that never get ready', async () => {
    behaviour.mode = 'silent'
    behaviour.started = 0
    behaviour.terminated = 0
    const out = await renderMany(essays.map((e) => e + '\nmore'), { threads: 2, timeoutMs: 200 })
    expect(behaviour.terminated).toBe(behaviour.started)
    expect(out.every((o) => 'html' in o)).toBe(true)
  })
})
