import { describe, it, expect, afterAll } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { Store } from '../../src/store/index.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const { path: dataDir, cleanup } = tempDir('procs-')
afterAll(cleanup)

function writer(name: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'tests', 'helpers', 'store-writer.ts'), dataDir, name, String(count)],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))))
  })
}

describe('two processes writing one data folder', () => {
  it('loses nothing: every post from both writers is present with unique ids', async () => {
    await Store.open(dataDir)
    await Promise.all([writer('alpha', 120), writer('beta', 120)])
    const store = await Store.open(dataDir)
    const slugs = store.posts().map((p) => p.slug)
    expect(slugs).toHaveLength(240)
    expect(new Set(store.posts().map((p) => p.id)).size).toBe(240)
    for (const name of ['alpha', 'beta']) {
      for (let i = 0; i < 120; i++) expect(slugs).toContain(`${name}-${i}`)
    }
    // The db.json counter also survived both writers' read-modify-write cycles.
    expect(store.db.nextPostId).toBe(241)
    expect((store.db as { counters?: Record<string, number> }).counters).toEqual({ alpha: 120, beta: 120 })
  }, 120_000)
})
