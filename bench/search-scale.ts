// Search at scale: 10,000 posts mixed from the corpus, the index built from the store as the
// server does at first start (and saved), read back as at a restart, then two-word queries through the whole search (full text, suggestions,
// semantic matches, filters). Run alone with `node --import tsx bench/search-scale.ts`
// (BENCH_CORPUS=folder when ../shared/corpus is elsewhere, BENCH_POSTS=n for another size,
// BENCH_KEEP=1 to keep and reuse the filled store).
import { readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Store } from '../src/store/index.js'
import { SearchService } from '../src/search/search-service.js'
import { SearchQuerySchema } from '../src/shared/schemas/index.js'
import { GUEST } from '../src/core/viewer.js'
import { searchTerms } from '../src/text/tokenize.js'
import { findEssayFiles } from '../src/importer/files/find-essay-files.js'
import { newBody, newPost } from '../tests/helpers/post-fixtures.js'

export interface SearchScale {
  posts: number
  /** From opening the store to the first answer: the index built from every post body. */
  buildSeconds: number
  /** The same after a restart: the snapshot the first build saved, read back. */
  restartSeconds: number
  restartCpuSeconds: number
  /** CPU time of that build (the machine may be busy with other work: wall time alone misleads). */
  buildCpuSeconds: number
  /** Mean CPU time per query (every thread of the process: the JIT's and the collector's too). */
  cpuMsPerQuery: number
  /** The same queries asked again. */
  warmCpuMsPerQuery: number
  warmP95Ms: number
  /** The machine's 1-minute load average when the queries ran. */
  load: number
  heapMB: number
  /** The heap and the typed arrays' memory outside it (the index keeps its lists in typed arrays). */
  memoryMB: number
  p95Ms: number
  medianMs: number
  queries: number
}

/** A small deterministic generator, so every run searches the same site. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

interface Source {
  title: string
  paragraphs: string[]
}

/** Each essay's title (first heading, else the file name) and its prose paragraphs (no frontmatter, code or tables). */
function sourcesOf(files: string[]): Source[] {
  return files
    .map((file) => {
      const text = readFileSync(file, 'utf8')
        .replace(/^(---|\+\+\+)[\s\S]*?\n\1\n/, '')
        .replace(/```[\s\S]*?```/g, '')
      const title =
        /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ??
        basename(file)
          .replace(/\.\w+$/, '')
          .replace(/[-_]/g, ' ')
      const paragraphs = text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p.length > 120 && !/^[#|<!@{]/.test(p))
      return { title, paragraphs }
    })
    .filter((s) => s.paragraphs.length > 0)
}

/** Fill a store with `count` posts, each a new mix: one essay's title with another's subject, paragraphs from several. */
async function fill(store: Store, sources: Source[], count: number): Promise<void> {
  const rnd = random(7)
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]
  const tagPool = [...new Set(sources.flatMap((s) => searchTerms(s.title)).filter((t) => /^[a-z]{4,}$/.test(t)))].slice(
    0,
    80,
  )
  for (let start = 0; start < count; start += 500) {
    await store.transact((tx) => {
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const a = pick(sources)
        const b = pick(sources)
        const from = [a, b, pick(sources)]
        const paragraphs = Array.from({ length: 4 + Math.floor(rnd() * 6) }, () => pick(pick(from).paragraphs))
        const text = paragraphs.join('\n\n')
        const words = text.split(/\s+/).length
        const at = new Date(Date.UTC(2018, 0, 1) + i * 3_600_000).toISOString()
        const title = `${a.title} and ${b.title.split(/\s+/).slice(-3).join(' ')}`.slice(0, 200)
        tx.insert(
          newPost({
            title,
            slug: `mix-${i}`,
            excerpt: paragraphs[0].slice(0, 280),
            author: `Author ${i % 40}`,
            tags: [pick(tagPool), pick(tagPool)].filter((t, k, all) => all.indexOf(t) === k),
            readTime: Math.max(1, Math.ceil(words / 200)),
            wordCount: words,
            publishedAt: at,
            createdAt: at,
            updatedAt: at,
            contentHash: String(i),
          }),
          newBody(text),
        )
      }
    })
  }
}

const heapMB = () => process.memoryUsage().heapUsed / 2 ** 20
const memoryMB = () => (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers) / 2 ** 20
// Heap figures mean something only after a full collection: expose gc() even without --expose-gc (npm run bench).
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void
// Typed arrays' memory is given back by a background task after the collection that found them dead.
const gc = async () => {
  collect()
  await new Promise((resolve) => setTimeout(resolve, 100))
  collect()
}

export async function searchScale(
  dataDir: string,
  files: string[],
  count: number,
  queries = 300,
): Promise<SearchScale> {
  const sources = sourcesOf(files)
  if (sources.length === 0) throw new Error('No essays to mix: the corpus is empty or missing')
  const filled = await Store.open(dataDir)
  // A folder kept from an earlier run (BENCH_KEEP) is searched as it is.
  if (filled.posts().length === 0) await fill(filled, sources, count)
  filled.removeAllListeners()

  await gc()
  const heapBefore = heapMB()
  const memoryBefore = memoryMB()
  rmSync(join(dataDir, 'search-index.json'), { force: true })
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  const store = await Store.open(dataDir)
  const search = new SearchService({ store })
  await search.ready()
  const buildSeconds = (performance.now() - started) / 1000
  const buildCpu = process.cpuUsage(cpuStarted)
  await gc()
  const heapAfter = heapMB()
  const memoryAfter = memoryMB()

  // Two-word queries a reader might type: two words of one paragraph, every fifth with a filter.
  const rnd = random(11)
  const asked: Record<string, string>[] = []
  for (let i = 0; i < queries; i++) {
    const source = sources[Math.floor(rnd() * sources.length)]
    const words = searchTerms(source.paragraphs[Math.floor(rnd() * source.paragraphs.length)]).filter((t) =>
      /^[a-z]{4,}$/.test(t),
    )
    const q = `${words[Math.floor(rnd() * words.length)] ?? 'model'} ${words[Math.floor(rnd() * words.length)] ?? 'data'}`
    asked.push(i % 5 === 4 ? { q, minReadTime: '2' } : { q })
  }
  const run = async () => {
    const times: number[] = []
    const cpu = process.cpuUsage()
    for (const params of asked) {
      const t = performance.now()
      await search.advanced(SearchQuerySchema.parse(params), GUEST)
      times.push(performance.now() - t)
    }
    const used = process.cpuUsage(cpu)
    return { times: times.sort((a, b) => a - b), cpuMsPerQuery: (used.user + used.system) / 1e3 / queries }
  }
  // The first run is what a freshly started server answers (code not yet optimised by the JIT);
  // the same queries again show a server that has been answering for a while.
  const first = await run()
  const warm = await run()
  await search.close()

  const restarted = performance.now()
  const cpuRestarted = process.cpuUsage()
  const again = new SearchService({ store: await Store.open(dataDir) })
  await again.ready()
  const restartSeconds = (performance.now() - restarted) / 1000
  const restartCpu = process.cpuUsage(cpuRestarted)
  again.close()
  return {
    posts: store.posts().length,
    buildSeconds,
    restartSeconds,
    restartCpuSeconds: (restartCpu.user + restartCpu.system) / 1e6,
    buildCpuSeconds: (buildCpu.user + buildCpu.system) / 1e6,
    cpuMsPerQuery: first.cpuMsPerQuery,
    warmCpuMsPerQuery: warm.cpuMsPerQuery,
    warmP95Ms: warm.times[Math.floor(queries * 0.95)],
    load: loadavg()[0],
    heapMB: heapAfter - heapBefore,
    memoryMB: memoryAfter - memoryBefore,
    p95Ms: first.times[Math.floor(queries * 0.95)],
    medianMs: first.times[Math.floor(queries / 2)],
    queries,
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const corpus = process.env.BENCH_CORPUS ?? join(root, '..', 'shared', 'corpus')
  const dir = join(root, 'bench', '.tmp', 'search-10k')
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true })
  const { files } = await findEssayFiles(['statproofbook', 'd2l-en', 'julialang-blog'].map((f) => join(corpus, f)))
  console.log(await searchScale(dir, files, Number(process.env.BENCH_POSTS ?? 10_000)))
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true })
}
