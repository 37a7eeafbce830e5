import { afterAll, describe, expect, it } from 'vitest'
import { isBlogError } from '../../../src/core/errors.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay, type PreparedEssay } from '../../../src/importer/prepare-essay.js'
import { prepareMany } from '../../../src/importer/prepare-many.js'
import { configureRenderWorkers, renderOffThread, renderWorkerStats } from '../../../src/importer/render-pool.js'

// Issue 21, findings 2 and 7: an import of one file, an edit and a preview rendered on the main
// thread with no limit; a hostile essay froze or crashed the server. Now every render runs on a
// worker with a time limit and a heap cap, and a file that exceeds either fails alone.

const options = { ownerName: 'The Owner' }
const mtime = new Date('2024-05-01T00:00:00Z')
const task = (path: string, text: string) => ({ essay: { path, text, mtime }, options })
/** micromark is quadratic on setext headings: this ran for minutes on the main thread. */
const SLOW = 'a\n=\n'.repeat(100_000)
/** A 120×120 table: about 150 MB of syntax tree to render. */
const row = (n: number) => '|' + ' a |'.repeat(n) + '\n'
const TABLE = row(120) + '|' + ' - |'.repeat(120) + '\n' + row(120).repeat(120)

/** Counts turns of this thread's event loop while `work` runs: none means it was blocked throughout. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0
  const timer = setInterval(() => ticks++, 50)
  try {
    return { value: await work(), ticks }
  } finally {
    clearInterval(timer)
  }
}

describe('render workers', () => {
  afterAll(() => configureRenderWorkers())

  it('fails a single file that takes too long, alone, while this thread keeps turning', async () => {
    await configureRenderWorkers({ timeoutMs: 3_000 })
    const { value, ticks } = await ticksDuring(() =>
      prepareMany([task('/essays/slow.md', SLOW), task('/essays/ok.md', '# Fine\n\nShort.')]),
    )
    expect(value.map((o) => ('failed' in o ? o.failed : openEssay(o).parsed.title))).toEqual([
      'Could not render the markdown: took longer than 3 s (the limit for one file); nothing was stored for it',
      'Fine',
    ])
    expect(ticks).toBeGreaterThan(5)
  }, 60_000)

  it('fails a single file that needs more memory than a worker may have, alone', async () => {
    await configureRenderWorkers({ timeoutMs: 60_000, maxOldGenerationMb: 48 })
    const [table, ok] = await prepareMany([task('/essays/table.md', TABLE), task('/essays/ok.md', '# Fine\n\nShort.')])
    expect(table).toEqual({
      failed:
        'Could not render the markdown: needs more than 48 MB of memory (the limit for one file); nothing was stored for it',
    })
    expect('packed' in ok && openEssay(ok).parsed.title).toBe('Fine')
  }, 60_000)

  it('keeps a worker loaded between single files, so the second does not start one', async () => {
    await configureRenderWorkers()
    const first = await prepareMany([task('/essays/a.md', '# A\n\nShort.')])
    const started = renderWorkerStats().workersStarted
    const second = await prepareMany([task('/essays/b.md', '# B\n\nShort too.')])
    expect(renderWorkerStats().workersStarted).toBe(started)
    expect([first, second].map(([o]) => ('packed' in o ? openEssay(o).parsed.title : o.failed))).toEqual(['A', 'B'])
    // The same result this thread would give.
    expect(opened(second[0])).toEqual(opened(prepareEssay(task('/essays/b.md', '# B\n\nShort too.'))))
  }, 60_000)

  it('renders an edit or a preview off this thread, refusing one that runs too long with a clear error', async () => {
    await configureRenderWorkers({ timeoutMs: 3_000 })
    const { value, ticks } = await ticksDuring(() =>
      renderOffThread(SLOW).then(
        () => null,
        (e: unknown) => e,
      ),
    )
    expect(isBlogError(value) && value.status).toBe(422)
    expect((value as Error).message).toBe(
      'Could not render the markdown: took longer than 3 s (the limit for one file); nothing was stored for it.',
    )
    expect(ticks).toBeGreaterThan(5)
    await expect(renderOffThread('Some *text*.')).resolves.toMatchObject({ html: '<p>Some <em>text</em>.</p>' })
  }, 60_000)
})

describe('rendered size cap', () => {
  it('refuses an essay whose HTML would pass 8 MB, with a message that says so', () => {
    // About 380 characters of KaTeX markup per formula: 4 characters of markdown each.
    const out = prepareEssay(task('/essays/big.md', '$x$ '.repeat(24_000)))
    expect(out).toEqual({
      failed: expect.stringMatching(/^The essay renders to 8\.\d MB of HTML, more than the 8 MB one page may have/),
    })
  }, 60_000)
})

/** A prepared essay as the importing process reads it, or its failure. */
function opened(outcome: PreparedEssay): unknown {
  return 'packed' in outcome ? openEssay(outcome) : outcome
}
