// node --import tsx bench/citations.ts: what citations cost the render of the d2l book (88 chapters, d2l.bib),
// on one thread, cold (the .bib parsed and the CSL engine built) and warm.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bibliographyFor } from '../src/importer/bibliography/bibliography-context.js'
import type { ParsedEssay } from '../src/importer/parse/index.js'
import { renderMarkdown } from '../src/markdown/index.js'

const corpus = process.env.BENCH_CORPUS ?? fileURLToPath(new URL('../../shared/corpus', import.meta.url))
const book = join(corpus, 'd2l-en')
const chapters = readdirSync(book)
  .filter((d) => d.startsWith('chapter_') && statSync(join(book, d)).isDirectory())
  .flatMap((d) =>
    readdirSync(join(book, d))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(book, d, f)),
  )
const texts = chapters.map((path) => ({ path, text: readFileSync(path, 'utf8') }))
const frontmatter = { frontmatter: {} } as unknown as ParsedEssay

function run(withCitations: boolean): { ms: number; citations: number } {
  const started = performance.now()
  let citations = 0
  for (const { path, text } of texts) {
    const bibliography = withCitations
      ? bibliographyFor({ path, text, mtime: new Date(), root: corpus }, frontmatter)
      : undefined
    const { html } = renderMarkdown(text, bibliography ? { bibliography: bibliography.entries } : {})
    citations += html.split('class="citation"').length - 1
  }
  return { ms: performance.now() - started, citations }
}

const one = texts.find((t) => t.path.endsWith('transformer.md'))!
let t = performance.now()
renderMarkdown(one.text)
const plainOne = performance.now() - t
t = performance.now()
const bib = bibliographyFor({ path: one.path, text: one.text, mtime: new Date(), root: corpus }, frontmatter)
const bibMs = performance.now() - t
t = performance.now()
renderMarkdown(one.text, { bibliography: bib!.entries })
const coldOne = performance.now() - t
const plain = run(false)
const cited = run(true)
const again = run(true)
console.log(
  JSON.stringify({
    chapters: texts.length,
    oneChapterPlainMs: Math.round(plainOne),
    parseBibMs: Math.round(bibMs),
    oneChapterColdCitedMs: Math.round(coldOne),
    allPlainMs: Math.round(plain.ms),
    allCitedMs: Math.round(cited.ms),
    allCitedWarmMs: Math.round(again.ms),
    citationMarks: cited.citations,
  }),
)
