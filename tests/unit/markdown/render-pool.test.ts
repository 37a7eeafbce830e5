import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearRenderCache, renderCached, renderMany, renderMarkdown } from '../../../src/markdown/index.js'
import type { RenderResult } from '../../../src/markdown/index.js'
import { corpusFiles, readCorpusFile } from './corpus.js'

/** Records every worker the pool terminates (the pool must terminate every worker it starts). */
function watchTerminations(): Worker[] {
  const terminated: Worker[] = []
  const terminate = Worker.prototype.terminate
  vi.spyOn(Worker.prototype, 'terminate').mockImplementation(function (this: Worker) {
    terminated.push(this)
    return terminate.call(this)
  })
  return terminated
}

const essay = (n: number): string => `# Essay ${n}\n\n` + `Prose about $x_${n}$ and more words.\n\n`.repeat(500)

describe('renderMany', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    clearRenderCache()
  })

  it('renders ~20 corpus essays on workers exactly as renderMarkdown does, in order, and terminates its workers', async () => {
    const all = corpusFiles()
    // Every 14th essay: all three families, short and long.
    const inputs = all.filter((_file, i) => i % 14 === 0).map(readCorpusFile)
    expect(inputs.length).toBeGreaterThanOrEqual(20)
    clearRenderCache()
    const terminated = watchTerminations()

    const pooled = await renderMany(inputs, { threads: 2 })

    expect(terminated.length).toBe(2)
    for (const worker of terminated) expect(worker.threadId).toBe(-1)
    expect(pooled).toHaveLength(inputs.length)
    inputs.forEach((markdown, i) => {
      const outcome = pooled[i]
      expect('error' in outcome, `input ${i}`).toBe(false)
      expect({ ...(outcome as RenderResult) }).toEqual(renderMarkdown(markdown))
    })
  }, 120_000)

  it('returns an error for an input that fails, without losing the others', async () => {
    const inputs = [essay(1), '<div>'.repeat(100_000), essay(2), essay(3), essay(4)]
    const terminated = watchTerminations()

    const out = await renderMany(inputs, { threads: 2 })

    expect(out.map((o) => 'error' in o)).toEqual([false, true, false, false, false])
    expect((out[1] as { error: string }).error).toMatch(/call stack/)
    expect((out[3] as RenderResult).html).toBe(renderMarkdown(essay(3)).html)
    for (const worker of terminated) expect(worker.threadId).toBe(-1)
  }, 60_000)

  it('renders small batches in this thread, identical inputs once, cached inputs from the cache', async () => {
    const terminated = watchTerminations()
    const cached = renderCached('# B')
    const out = await renderMany(['# A', '# B', '# A'])
    expect(terminated).toHaveLength(0)
    expect(out.map((o) => (o as RenderResult).html)).toEqual(['<h1 id="a">A</h1>', '<h1 id="b">B</h1>', '<h1 id="a">A</h1>'])
    expect(out[0]).toBe(out[2])
    expect(out[1]).toBe(cached)
  })

  it('resolves to an empty list for no input', async () => {
    await expect(renderMany([])).resolves.toEqual([])
  })
})
