import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { Store } from '../src/store/index.js'
import { projectRoot } from '../tests/helpers/temp-dir.js'

export interface StormFigures {
  writers: number
  transactions: number
  looks: number
  reloads: number
  torn: number
  postsAtEnd: number
  expectedPosts: number
}

const BATCH = 8

function writer(dataDir: string, name: string, batches: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(projectRoot, 'tests', 'helpers', 'storm-writer.ts'),
        dataDir,
        name,
        String(batches),
        String(BATCH),
      ],
      { cwd: projectRoot, stdio: 'inherit' },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))))
  })
}

/** Writers in other processes commit 8-post batches (8 shards + db.json); this process looks at every turn of its event loop while re-reading. */
export async function stormSoak(dataDir: string, writers: number, batches: number): Promise<StormFigures> {
  const store = await Store.open(dataDir)
  const names = Array.from({ length: writers }, (_, i) => `w${i}`)
  let done = false
  const running = Promise.all(names.map((n) => writer(dataDir, n, batches))).finally(() => (done = true))
  let looks = 0
  let reloads = 0
  let torn = 0
  while (!done) {
    let settled = false
    const refreshing = store.refresh().finally(() => (settled = true))
    while (!settled) {
      looks++
      if (isTorn(store)) torn++
      await new Promise((r) => setImmediate(r))
    }
    await refreshing
    reloads++
    // As the server's watcher does (debounced): a reader that re-took the lock at once would starve the writers.
    await new Promise((r) => setTimeout(r, 20))
  }
  await running
  await store.refresh()
  if (isTorn(store)) torn++
  return {
    writers,
    transactions: writers * batches,
    looks,
    reloads,
    torn,
    postsAtEnd: store.posts().length,
    expectedPosts: writers * batches * BATCH,
  }
}

function isTorn(store: Store): boolean {
  const sizes = new Map<string, number>()
  for (const p of store.posts()) for (const t of p.tags) sizes.set(t, (sizes.get(t) ?? 0) + 1)
  if ([...sizes.values()].some((n) => n !== BATCH)) return true
  const counts = (store.db as { storm?: Record<string, number> }).storm ?? {}
  const whole = [...sizes.keys()].length
  return whole !== Object.values(counts).reduce((a, b) => a + b, 0)
}
