/**
 * `npm run eval`: scores the local AI provider's reading aids (issue 39).
 *
 * - Gold: every `quality-*.json` of `--gold DIR` (default `../shared/eval`), split into a tuning
 *   half and a check half (eval/split.ts), scored with the measures of its README; both halves,
 *   their gap and a row per essay are printed.
 * - Corpus: every essay of `--corpus DIR` (default `../shared/corpus`, all folders) gets the
 *   gold-free measures (eval/corpus-measures.ts): junk, annotations per 1,000 words, targets the
 *   essay marks as terms, symbols listed and named.
 *
 * The corpus is imported whole into a temporary data folder, as an owner would, so each essay is
 * read by the project's own importer and renderer with its site around it. `--data DIR` keeps
 * (and on a later run reuses) that folder, to iterate on a method without importing again.
 * `--gold-only` skips the corpus-wide pass; `--json` prints everything as JSON. Exit code 0
 * whatever the figures: a quality measure, not a test.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createBlog } from '../src/app/blog-with-store.js'
import type { Viewer } from '../src/core/viewer.js'
import type { PostMeta } from '../src/shared/schemas/index.js'
import { corpusRow, type CorpusRow } from './corpus-measures.js'
import { loadGoldSets } from './gold.js'
import { scoreEssay } from './measures.js'
import { printCorpus, printGold, summariseCorpus, summariseGold, type GoldRow } from './report.js'
import { halfOf } from './split.js'
import { texDefinitions } from '../src/shared/tex-definitions.js'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    gold: { type: 'string', default: join(root, '..', 'shared', 'eval') },
    corpus: { type: 'string', default: join(root, '..', 'shared', 'corpus') },
    data: { type: 'string' },
    'gold-only': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
})

const gold = loadGoldSets(values.gold!)
const reuse = values.data !== undefined && existsSync(join(values.data, 'db.json'))
const dataDir = values.data ?? mkdtempSync(join(tmpdir(), 'scholia-eval-'))
const log = values.json ? () => {} : (s: string) => process.stderr.write(`${s}\n`)
const blog = await createBlog({ dataDir, env: { ...process.env, OPENAI_API_KEY: '' }, log: () => {} })
try {
  const started = performance.now()
  if (!reuse) {
    const report = await blog.importer.importPaths([values.corpus!])
    log(`imported ${report.summary.imported} essays in ${seconds(started)}`)
  }
  const owner = { userId: 0, role: 'admin' } as Viewer
  const corpusRoot = resolve(values.corpus!).replace(/\\/g, '/')
  const fileOf = (p: PostMeta) => p.source?.path.replace(/\\/g, '/').replace(`${corpusRoot}/`, '') ?? `#${p.id}`
  const aidsOf = async (meta: PostMeta) => {
    const annotations = await blog.enhance.generateFor(owner, meta.id, 'annotations')
    const model = await blog.enhance.generateFor(owner, meta.id, 'mathematicalModel')
    const body = await blog.store.body(meta)
    // Made anew each run: a stored summary is an earlier run's, not the method's under test.
    const summary = await blog.enhance.generateFor(owner, meta.id, 'summary')
    return {
      annotations,
      model,
      summary,
      reading: body.document?.reading ?? [],
      references: body.document?.references ?? [],
      plainText: body.plainText,
      macros: texDefinitions(body.document?.reading ?? [], body.document?.macros ?? []),
    }
  }

  const goldRows: GoldRow[] = []
  const posts = blog.store.posts()
  for (const essay of gold) {
    const meta = posts.find((p) => fileOf(p) === essay.file)
    if (!meta) throw new Error(`${essay.file} is not in the corpus at ${values.corpus}`)
    const aids = await aidsOf(meta)
    goldRows.push({ file: essay.file, half: halfOf(essay.file), scores: scoreEssay(essay, aids) })
  }
  const corpusRows: CorpusRow[] = []
  if (!values['gold-only']) {
    const corpusStarted = performance.now()
    for (const meta of posts) {
      const aids = await aidsOf(meta)
      corpusRows.push(corpusRow(fileOf(meta), meta.title, meta.wordCount, aids))
    }
    log(`read aids of ${corpusRows.length} essays in ${seconds(corpusStarted)}`)
  }
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          gold: { essays: goldRows, halves: summariseGold(goldRows) },
          corpus: { essays: corpusRows, total: summariseCorpus(corpusRows) },
        },
        null,
        2,
      ),
    )
  } else {
    if (goldRows.length > 0) printGold(goldRows)
    if (corpusRows.length > 0) printCorpus(corpusRows)
  }
} finally {
  await blog.close()
  if (values.data === undefined) rmSync(dataDir, { recursive: true, force: true })
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
