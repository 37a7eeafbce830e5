// The compiled worker-thread entries, each made one self-contained file (with rolldown, which
// Vite already brings). tsc's output imports the markdown pipeline as some 400 modules from
// node_modules, and Node 20 took about 850 ms per worker to resolve and load them before the
// first essay of a bulk import could start; as one file, about 200 ms.
import { renameSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

/** Entries run with `new Worker(...)`, as tsc compiled them under dist/node. */
export const WORKER_ENTRIES = ['src/importer/prepare-worker.js']

/** Replaces each compiled worker entry under `distNode` with a bundle of it and all it imports. */
export async function bundleWorkers(distNode) {
  for (const entry of WORKER_ENTRIES) {
    const file = fileURLToPath(new URL(entry, distNode))
    const staged = `${file}.bundle.tmp`
    const bundle = await rolldown({ input: file, platform: 'node', logLevel: 'warn' })
    try {
      // one file: a worker has no use for chunks loaded later
      await bundle.write({ file: staged, format: 'esm', codeSplitting: false })
    } finally {
      await bundle.close()
    }
    renameSync(staged, file)
    rmSync(`${file}.map`, { force: true })
  }
}
