import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog } from '../../src/app/blog-with-store.js'
import type { RenderResult } from '../../src/markdown/index.js'
import { openEssay } from '../../src/importer/packed-essay.js'
import { prepareEssay, type PreparedEssay } from '../../src/importer/prepare-essay.js'
import { CORPUS_DIR, corpusFiles } from '../unit/markdown/corpus.js'
import { blog } from '../helpers/cli.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('compiled-worker-')
afterAll(tmp.cleanup)

const BUNDLE = join(projectRoot, 'dist', 'app')
const WORKER = join(BUNDLE, 'prepare-worker.js')

/** `blog ARGS` from the build (`npm test` builds first), as an installed package runs it. */
const compiledBlog = (args: string[]) => blog(args, { env: { SCHOLIA_SOURCE: '0' } })

describe('the compiled import worker (scripts/bundle-node.mjs)', () => {
  it('needs nothing but Node itself and the files of its bundle', () => {
    expect(existsSync(WORKER), 'no compiled worker: run `npm run build` first').toBe(true)
    // Load it in a Node whose module resolution refuses, for the bundle's files, anything but
    // Node's own modules and the bundle's other files (no package from node_modules).
    const worker = pathToFileURL(WORKER).href
    const folder = pathToFileURL(`${BUNDLE}/`).href
    const hooks = `import { isBuiltin } from 'node:module'
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context)
      if (context.parentURL?.startsWith(${JSON.stringify(folder)}) && !isBuiltin(specifier) && !(resolved.url.startsWith(${JSON.stringify(folder)}) && !resolved.url.slice(${folder.length}).includes('/')))
        throw new Error('the worker imports ' + specifier)
      return resolved
    }`
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)})`
    const load = spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(register)}`,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(worker)})`,
      ],
      { encoding: 'utf8' },
    )
    expect(load.stderr).toBe('')
    expect(load.status).toBe(0)
  })

  it('leaves the markdown pipeline to the workers: `blog import` never loads it on its own thread', () => {
    const essays = join(tmp.path, 'thread-essays')
    mkdirSync(essays, { recursive: true })
    const picked = corpusFiles().filter((_file, i) => i % 60 === 0)
    picked.forEach((rel, i) => copyFileSync(join(CORPUS_DIR, rel), join(essays, `${i}-${basename(rel)}`)))
    // Every module the importing process loads, by its file name in the bundle.
    const log = join(tmp.path, 'main-thread-modules.txt')
    const hooks = `import { appendFileSync } from 'node:fs'
    export async function load(url, context, next) {
      if (url.startsWith(${JSON.stringify(pathToFileURL(`${BUNDLE}/`).href)})) appendFileSync(${JSON.stringify(log)}, url.split('/').pop() + '\\n')
      return next(url, context)
    }`
    // Render workers are processes of their own, started without this preload: only the
    // importing process's modules are logged.
    const register = `import { register } from 'node:module'
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)})`
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(register)}`,
        join(projectRoot, 'bin', 'blog.js'),
        'import',
        essays,
        '--data',
        join(tmp.path, 'thread-data'),
        '--json',
      ],
      { encoding: 'utf8', env: { ...process.env, SCHOLIA_SOURCE: '0' } },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout).summary.imported).toBe(picked.length)
    const loaded = readFileSync(log, 'utf8').trim().split('\n')
    expect(loaded.some((file) => file.startsWith('importer-'))).toBe(true)
    expect(loaded.filter((file) => /^(render-markdown|prepare-essay|katex)/.test(file))).toEqual([])
  })

  it('renders a bulk import on its threads exactly as this thread renders each essay', async () => {
    // Enough essays, and enough text, for `blog import` to start workers of its own.
    const picked = corpusFiles().filter((_file, i) => i % 35 === 0)
    const essays = join(tmp.path, 'essays')
    mkdirSync(essays, { recursive: true })
    picked.forEach((rel, i) => copyFileSync(join(CORPUS_DIR, rel), join(essays, `${i}-${basename(rel)}`)))
    const data = join(tmp.path, 'data')

    const imported = await compiledBlog(['import', essays, '--data', data, '--json'])
    expect(imported.stderr).toBe('')
    expect(imported.code).toBe(0)
    expect(JSON.parse(imported.stdout).summary).toEqual({
      imported: picked.length,
      updated: 0,
      unchanged: 0,
      failed: 0,
    })

    const stored = await createBlog({ dataDir: data, env: {} })
    const posts = stored.store.posts()
    expect(posts).toHaveLength(picked.length)
    for (const meta of posts) {
      const path = meta.source!.path
      // The same essay, folder and data folder as the import gave it (figures resolve against them).
      const expected = renderedHere(
        prepareEssay({
          essay: { path, text: readFileSync(path, 'utf8'), mtime: new Date(), root: essays },
          options: { ownerName: 'The Owner', dataDir: data },
        }),
      )
      const body = await stored.store.body(meta)
      expect(body.html, path).toBe(expected.html)
      expect(body.plainText, path).toBe(expected.plainText)
    }
  })
})

function renderedHere(outcome: PreparedEssay): RenderResult {
  if ('failed' in outcome) throw new Error(outcome.failed)
  return openEssay(outcome).rendered
}
