import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ImportFileResult, ImportReport } from '../../src/importer/import-service.js'
import { corpusDir, projectRoot } from './temp-dir.js'

/**
 * The shared corpus imported ONCE for every test file that needs an imported corpus.
 *
 * Importing the 281 essays renders them all (some 15–20 s on a 2-core machine), and several test
 * files used to do it each. Now the first of them to ask imports the three families in one
 * `importPaths` call, exactly as tests/integration/import.test.ts did (`createBlog({ dataDir,
 * env: {} })`, families in the order below), and keeps the data folder and the import report
 * under tests/.tmp/corpus-import/KEY/. The others wait for it (a lock), then copy the folder
 * (`copyCorpusData`) and read the report. KEY hashes everything the import depends on (src/,
 * the lockfile, the corpus, this file), so an edit anywhere imports afresh.
 */
export const CORPUS_FAMILIES = ['statproofbook', 'd2l-en', 'julialang-blog'] as const
export type CorpusFamily = (typeof CORPUS_FAMILIES)[number]

const cacheRoot = join(projectRoot, 'tests', '.tmp', 'corpus-import')
const thisFile = fileURLToPath(import.meta.url)

function listFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) listFiles(path, out)
    else out.push(path)
  }
  return out
}

let cachedKey: string | undefined
/** A hash of the sources (by content), the lockfile, the corpus (read-only: by path, size and time) and this recipe. */
export function corpusImportKey(): string {
  if (cachedKey) return cachedKey
  const hash = createHash('sha256')
  for (const file of [...listFiles(join(projectRoot, 'src')), join(projectRoot, 'package-lock.json'), thisFile]) {
    if (!existsSync(file)) continue
    hash.update(relative(projectRoot, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  for (const file of listFiles(corpusDir)) {
    const s = statSync(file)
    hash.update(relative(corpusDir, file)).update(`\0${s.size}\0${s.mtimeMs}\0`)
  }
  cachedKey = hash.digest('hex').slice(0, 20)
  return cachedKey
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Holds `lockDir` (an atomic mkdir, with the holder's pid inside) while `fn` runs; a dead holder's lock is taken over. */
async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lockDir)
      writeFileSync(join(lockDir, 'pid'), String(process.pid))
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      let holder = NaN
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8'))
      } catch {
        // Just created: its pid is not written yet (or it was just released).
      }
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
        const stale = `${lockDir}.stale-${process.pid}`
        try {
          renameSync(lockDir, stale)
          rmSync(stale, { recursive: true, force: true })
        } catch {
          // Another waiter took it over first.
        }
        continue
      }
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}

/** Entries of other keys (sources since changed) older than an hour: no run still reads them. */
function pruneOld(keep: string): void {
  for (const name of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) {
    if (name === keep || name.startsWith(`${keep}.`)) continue
    const path = join(cacheRoot, name)
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true })
  }
}

let ready: Promise<{ dir: string; report: ImportReport }> | undefined

/** The shared import: its folder (`data/` and `report.json`) and its report; imports it if no run has yet. */
export function corpusImport(): Promise<{ dir: string; report: ImportReport }> {
  ready ??= (async () => {
    const key = corpusImportKey()
    const dir = join(cacheRoot, key)
    const reportFile = join(dir, 'report.json')
    const read = () => ({ dir, report: JSON.parse(readFileSync(reportFile, 'utf8')) as ImportReport })
    if (existsSync(reportFile)) return read()
    mkdirSync(cacheRoot, { recursive: true })
    return withLock(`${dir}.lock`, async () => {
      if (existsSync(reportFile)) return read()
      const building = `${dir}.building-${process.pid}`
      rmSync(building, { recursive: true, force: true })
      mkdirSync(building, { recursive: true })
      const { createBlog } = await import('../../src/app/blog-with-store.js')
      const blog = await createBlog({ dataDir: join(building, 'data'), env: {}, log: () => {} })
      try {
        const report = await blog.importer.importPaths(CORPUS_FAMILIES.map((f) => join(corpusDir, f)))
        writeFileSync(join(building, 'report.json'), JSON.stringify(report))
      } finally {
        await blog.close()
      }
      renameSync(building, dir)
      pruneOld(key)
      return read()
    })
  })()
  return ready
}

/** A private copy of the shared import's data folder at `dest` (which must not exist yet); returns the import's report. */
export async function copyCorpusData(dest: string): Promise<ImportReport> {
  const { dir, report } = await corpusImport()
  cpSync(join(dir, 'data'), dest, { recursive: true })
  return report
}

const inFamily = (path: string, families: readonly CorpusFamily[]) =>
  families.some((f) => path.startsWith(join(corpusDir, f) + sep))

/**
 * The report as an import of only `families` gives it: their files, in order, and their summary.
 * The families never refer to one another (no link or label of one resolves in another), so a
 * family's pages and warnings are those of an import without the others; only a slug that clashes
 * with an earlier family's would take a suffix.
 */
export function reportOf(report: ImportReport, families: readonly CorpusFamily[]): ImportReport {
  const files: ImportFileResult[] = report.files.filter((f) => inFamily(f.path, families))
  const summary = { imported: 0, updated: 0, unchanged: 0, failed: 0 }
  for (const f of files) summary[f.status] += 1
  return { files, summary }
}

/** Whether a post was imported from one of `families`. */
export const fromFamily = (sourcePath: string | undefined, families: readonly CorpusFamily[]): boolean =>
  !!sourcePath && inFamily(sourcePath, families)
