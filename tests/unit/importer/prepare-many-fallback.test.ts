import { describe, expect, it, vi } from 'vitest'

/** How the fake workers below misbehave. */
const behaviour = vi.hoisted(() => ({ mode: 'crash' as 'crash' | 'silent', started: 0, terminated: 0 }))

vi.mock('../../../src/core/child-worker.js', async () => {
  const { EventEmitter } = await import('node:events')
  /** A worker that cannot start: it crashes at once, or never says it is ready. */
  class BrokenWorker extends EventEmitter {
    constructor() {
      super()
      behaviour.started++
      if (behaviour.mode === 'crash') setImmediate(() => this.emit('error', new Error('Cannot find module tsx')))
    }
    postMessage(): void {}
    ref(): void {}
    unref(): void {}
    terminate(): Promise<void> {
      behaviour.terminated++
      return Promise.resolve()
    }
  }
  return { ChildWorker: BrokenWorker }
})

const { prepareMany } = await import('../../../src/importer/prepare-many.js')
const { prepareEssay } = await import('../../../src/importer/prepare-essay.js')
const { openEssay } = await import('../../../src/importer/packed-essay.js')

const mtime = new Date('2024-05-01T00:00:00Z')
const task = (n: number, extra = '') => ({
  essay: { path: `/essays/${n}.md`, text: `# Essay ${n}\n\n` + `Words and $x_${n}$.\n\n`.repeat(600) + extra, mtime },
  options: { ownerName: 'The Owner' },
})
const tasks = Array.from({ length: 6 }, (_v, n) => task(n))

describe('prepareMany when workers cannot run', () => {
  it('renders everything in this thread when workers fail to start', async () => {
    behaviour.mode = 'crash'
    const out = await prepareMany(tasks, { threads: 2 })
    expect(behaviour.started).toBe(2)
    expect(behaviour.terminated).toBe(2)
    expect(out).toEqual(tasks.map(prepareEssay))
  })

  it('gives up on workers that never get ready', async () => {
    behaviour.mode = 'silent'
    behaviour.started = 0
    behaviour.terminated = 0
    const out = await prepareMany(
      tasks.map((_t, n) => task(n, '\nmore')),
      { threads: 2, timeoutMs: 200 },
    )
    expect(behaviour.terminated).toBe(behaviour.started)
    expect(out.every((o) => 'packed' in o && openEssay(o).rendered.html.includes('more'))).toBe(true)
  })
})
