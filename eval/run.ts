/**
 * `npm run eval`: scores the local AI provider's reading aids against a hand-read evaluation set
 * (default `../shared/eval/quality-public.json`, or `--set FILE`; essays under `--corpus DIR`,
 * default `../shared/corpus`), with the measures its README describes. The corpus is imported
 * whole into a temporary data folder, as an owner would, so each essay is read with its site
 * around it (bibliographies, cross-references, the posts that define its terms).
 *
 * Prints a line per essay and the set's figures against issue 22's goals; `--json` prints them
 * as JSON. Exit code 0 whatever the figures: a quality measure, not a test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createBlog } from '../src/app/blog-with-store.js'
import type { Viewer } from '../src/core/viewer.js'
import { GoldSetSchema } from './gold.js'
import { MEASURES, ratio, scoreEssay, sumScores, type EssayScores } from './measures.js'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    set: { type: 'string', default: join(root, '..', 'shared', 'eval', 'quality-public.json') },
    corpus: { type: 'string', default: join(root, '..', 'shared', 'corpus') },
    json: { type: 'boolean', default: false },
  },
})

const gold = GoldSetSchema.parse(JSON.parse(readFileSync(values.set!, 'utf8')))
const dataDir = mkdtempSync(join(tmpdir(), 'scholia-eval-'))
const log = values.json ? () => {} : (s: string) => process.stderr.write(`${s}\n`)
const blog = await createBlog({ dataDir, env: { ...process.env, OPENAI_API_KEY: '' }, log: () => {} })
try {
  const started = performance.now()
  const report = await blog.importer.importPaths([values.corpus!])
  log(`imported ${report.summary.imported} essays in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  const owner = { userId: 0, role: 'admin' } as Viewer
  const rows: Array<{ file: string; scores: EssayScores }> = []
  for (const essay of gold) {
    const meta = blog.store.posts().find((p) => p.source?.path.replace(/\\/g, '/').endsWith(`/${essay.file}`))
    if (!meta) throw new Error(`${essay.file} is not in the corpus at ${values.corpus}`)
    const [annotations, model, summary] = [
      await blog.enhance.generateFor(owner, meta.id, 'annotations'),
      await blog.enhance.generateFor(owner, meta.id, 'mathematicalModel'),
      await blog.enhance.generateFor(owner, meta.id, 'summary'),
    ]
    const body = await blog.store.body(meta)
    rows.push({
      file: essay.file,
      scores: scoreEssay(essay, { annotations, model, summary, plainText: body.plainText }),
    })
  }
  const total = sumScores(rows.map((r) => r.scores))
  if (values.json) {
    console.log(
      JSON.stringify(
        { essays: rows, total: Object.fromEntries(MEASURES.map((m) => [m.key, ratio(total[m.key])])) },
        null,
        2,
      ),
    )
  } else {
    const cell = (r: { hits: number; total: number }) =>
      r.total === 0 ? '   –   ' : `${r.hits}/${r.total}`.padStart(7)
    console.log(`${'essay'.padEnd(60)} ${MEASURES.map((m) => m.key.slice(0, 7).padStart(7)).join(' ')}`)
    for (const r of rows)
      console.log(`${r.file.slice(-60).padEnd(60)} ${MEASURES.map((m) => cell(r.scores[m.key])).join(' ')}`)
    console.log('')
    for (const m of MEASURES) {
      const value = ratio(total[m.key])
      const shown = value === null ? 'n/a' : value.toFixed(2)
      const goal =
        m.goal === undefined
          ? ''
          : `goal ${m.atMost ? '≤' : '≥'} ${m.goal}  ${value !== null && (m.atMost ? value <= m.goal : value >= m.goal) ? 'met' : 'NOT MET'}`
      console.log(`${m.label.padEnd(24)} ${shown.padStart(5)}  (${total[m.key].hits}/${total[m.key].total})  ${goal}`)
    }
  }
} finally {
  await blog.close()
  rmSync(dataDir, { recursive: true, force: true })
}
