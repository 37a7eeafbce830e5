import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChildWorker } from '../../../src/core/child-worker.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay, type PreparedEssay } from '../../../src/importer/prepare-essay.js'
import { prepareMany } from '../../../src/importer/prepare-many.js'
import { CORPUS_DIR, corpusFiles, readCorpusFile } from '../markdown/corpus.js'

const options = { ownerName: 'The Owner' }
const mtime = new Date('2024-05-01T00:00:00Z')
const task = (path: string, text: string) => ({ essay: { path, text, mtime }, options })

/** Records every worker the pool terminates (the pool must terminate every worker it starts). */
function watchTerminations(): ChildWorker<unknown>[] {
  const terminated: ChildWorker<unknown>[] = []
  const terminate = ChildWorker.prototype.terminate
  vi.spyOn(ChildWorker.prototype, 'terminate').mockImplementation(function (this: ChildWorker<unknown>) {
    terminated.push(this)
    return terminate.call(this)
  })
  return terminated
}

/** True while a process of that id runs. */
function running(pid: number | undefined): boolean {
  if (pid === undefined) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('prepareMany: a bulk import parses and renders on worker processes', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives, in order, exactly what this thread would, with both steps done on the workers', async () => {
    const tasks = corpusFiles()
      .filter((_file, i) => i % 20 === 0)
      .map((rel) => task(join(CORPUS_DIR, rel), readCorpusFile(rel)))
    const posted = vi.spyOn(ChildWorker.prototype, 'postMessage')
    const terminated = watchTerminations()

    const prepared = await prepareMany(tasks, { threads: 2 })

    expect(terminated.length).toBe(2)
    for (const worker of terminated) expect(running(worker.pid)).toBe(false)
    // A file is posted only to a worker that started and said it was ready.
    expect(posted).toHaveBeenCalledTimes(tasks.length)
    expect(prepared).toHaveLength(tasks.length)
    prepared.forEach((outcome, i) =>
      expect(opened(outcome), tasks[i].essay.path).toEqual(opened(prepareEssay(tasks[i]))),
    )
  }, 120_000)

  it('fails only the file that cannot be rendered, with a message that says so', async () => {
    const good = (n: number) =>
      task(`/essays/${n}.md`, `---\ntitle: Essay ${n}\n---\n\n` + `Prose with $x_${n}$.\n\n`.repeat(800))
    const tasks = [good(1), task('/essays/deep.md', '<div>'.repeat(100_000)), good(2), good(3)]

    const terminated = watchTerminations()

    const prepared = await prepareMany(tasks, { threads: 2 })

    for (const worker of terminated) expect(running(worker.pid)).toBe(false)
    expect(prepared.map((p) => ('failed' in p ? 'failed' : openEssay(p).parsed.title))).toEqual([
      'Essay 1',
      'failed',
      'Essay 2',
      'Essay 3',
    ])
    expect((prepared[1] as { failed: string }).failed).toMatch(/^Could not render the markdown: .*call stack/)
  }, 60_000)

  it('sends a small batch to the long-lived render workers, which stay loaded, and answers an empty list for no files', async () => {
    const terminated = watchTerminations()
    const out = await prepareMany([task('/essays/a.md', '# A\n\nShort.'), task('/essays/b.md', '# B\n\nShort too.')])
    expect(terminated).toHaveLength(0)
    expect(out.map((o) => ('packed' in o ? openEssay(o).parsed.title : o.failed))).toEqual(['A', 'B'])
    await expect(prepareMany([])).resolves.toEqual([])
  })
})

/** A prepared essay as the importing process reads it, or its failure. */
function opened(outcome: PreparedEssay): unknown {
  return 'packed' in outcome ? openEssay(outcome) : outcome
}
