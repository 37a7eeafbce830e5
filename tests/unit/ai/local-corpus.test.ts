import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { readEssay } from '../../../src/text/read-essay.js'
import { normaliseForMatch } from '../../../src/text/readable.js'
import type { EssayInput, SiteCorpus } from '../../../src/ai/provider.js'
import { splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'
import { renderCached } from '../../../src/markdown/index.js'
import {
  AnnotationSchema,
  BibliographySchema,
  MathematicalModelSchema,
  type Annotation,
  type Bibliography,
  type MathematicalModel,
} from '../../../src/shared/schemas/index.js'
import { corpusFiles, readCorpusFile } from '../markdown/corpus.js'

/**
 * The local provider over the whole shared corpus (281 essays), each given what the enhance
 * service gives it: the plain text and the one reading of its render (about 40 s on a 2-core
 * machine). The site corpus uses the markdown bodies as text, which is enough for its index.
 */
interface Output {
  annotations: Annotation[]
  bibliography: Bibliography
  summary: string
  model: MathematicalModel
}

const files = corpusFiles()
const inputs: EssayInput[] = []
const outputs = new Map<string, Output>()
let site: SiteCorpus

async function enhanceAll(provider: LocalProvider, of: EssayInput[]): Promise<Output[]> {
  const out: Output[] = []
  for (const input of of) {
    out.push({
      annotations: await provider.annotations(input),
      bibliography: await provider.bibliography(input),
      summary: await provider.summary(input),
      model: await provider.mathematicalModel(input),
    })
  }
  return out
}

beforeAll(async () => {
  const essays = files.map((file, i) => {
    const { body, frontmatter } = splitFrontmatter(readCorpusFile(file).replace(/\r\n?/g, '\n'))
    const title = typeof frontmatter.title === 'string' ? frontmatter.title : (/^#\s+(.+)$/m.exec(body)?.[1] ?? file)
    return { id: i + 1, file, title, body, frontmatter }
  })
  site = { posts: essays.map((e) => ({ id: e.id, slug: e.file, title: e.title, tags: [], plainText: e.body })) }
  for (const e of essays) {
    const { plainText, reading } = renderCached(e.body)
    inputs.push({
      post: { id: e.id, slug: e.file, title: e.title, tags: [], excerpt: '', author: 'Someone' },
      markdown: e.body,
      plainText,
      reading,
      frontmatter: e.frontmatter,
      site,
    })
  }
  const started = performance.now()
  const results = await enhanceAll(new LocalProvider(), inputs)
  results.forEach((r, i) => outputs.set(inputs[i].post.slug, r))
  console.log(
    `local provider: ${files.length} essays × 4 kinds in ${Math.round(performance.now() - started)} ms (${((performance.now() - started) / files.length).toFixed(1)} ms per essay, the site index included)`,
  )
}, 240_000)

describe(`the local provider over the corpus (${files.length} essays)`, () => {
  it('enhances every essay with output the stored schemas accept', () => {
    expect(outputs.size).toBe(files.length)
    for (const [slug, o] of outputs) {
      expect(z.array(AnnotationSchema).safeParse(o.annotations).success, slug).toBe(true)
      expect(BibliographySchema.safeParse(o.bibliography).success, slug).toBe(true)
      expect(MathematicalModelSchema.safeParse(o.model).success, slug).toBe(true)
      expect(o.summary.trim(), slug).not.toBe('')
    }
  })

  it('annotates every essay that has prose, with targets the essay contains', () => {
    const unannotated: string[] = []
    for (const input of inputs) {
      const o = outputs.get(input.post.slug)!
      const words = readEssay(input.reading!).sentences.reduce(
        (n, s) => n + s.prose.split(/\s+/).filter(Boolean).length,
        0,
      )
      if (o.annotations.length === 0 && words >= 30) unannotated.push(input.post.slug)
      const page = normaliseForMatch(input.plainText)
      for (const a of o.annotations)
        expect(page, `${input.post.slug}: ${a.targetText}`).toContain(normaliseForMatch(a.targetText))
    }
    expect(unannotated).toEqual([])
  })

  it('never invents a source: each entry’s title, address or DOI is in the essay or its front matter', () => {
    // Emphasis marks and line breaks aside, as written.
    const norm = (t: string) => normaliseForMatch(t.replace(/[*_`\\]/g, '')).toLowerCase()
    for (const input of inputs) {
      const essay = `${norm(input.markdown)}\n${norm(JSON.stringify(input.frontmatter))}`
      for (const e of outputs.get(input.post.slug)!.bibliography.entries) {
        const found = [e.title, e.url, e.doi].some((x) => x && essay.includes(norm(x)))
        expect(found, `${input.post.slug}: ${JSON.stringify({ title: e.title, url: e.url, doi: e.doi })}`).toBe(true)
      }
    }
  })

  it('is deterministic: a fresh provider over a fresh copy of the site gives the same output', async () => {
    // New objects throughout, so nothing cached (the site index, the essay readings) is reused.
    const copy: SiteCorpus = { posts: site.posts.map((p) => ({ ...p })) }
    const again = inputs
      .filter((_input, i) => i % 3 === 0)
      .map((input) => ({ ...input, post: { ...input.post }, site: copy }))
    const results = await enhanceAll(new LocalProvider(), again)
    results.forEach((r, i) => expect(r, again[i].post.slug).toEqual(outputs.get(again[i].post.slug)))
  }, 120_000)
})
