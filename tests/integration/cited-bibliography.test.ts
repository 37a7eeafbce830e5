import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER } from '../../src/auth/auth-service.js'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { BibliographySchema, type Bibliography } from '../../src/shared/schemas/index.js'
import { FakeOpenAi, goodAnswers } from '../helpers/fake-openai.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { lintLatex } from '../unit/export/latex-lint.js'

/**
 * Issue 20: an essay imported with its author's .bib gets a 'Bibliography and References'
 * whose first entries are the works it cites, as the .bib gives them, whichever provider
 * generates the rest; the arXiv export lists them for its \citep/\citet.
 */
const ESSAY = [
  '# Attention',
  '',
  'Attention [@Vaswani.Shazeer.Parmar.ea.2017] replaced recurrence, as shown by :citet:`goodfellow2016`.',
  'Residual connections [@he:resnet] keep deep stacks trainable.',
  'The [Deep Learning book](https://www.deeplearningbook.org) is free online, and [a blog post](https://example.org/attention-notes) explains it.',
  '',
].join('\n')

const CITED = [
  {
    id: 'Vaswani.Shazeer.Parmar.ea.2017',
    type: 'research',
    title: 'Attention is All you Need',
    year: 2017,
    publication: 'Advances in Neural Information Processing Systems',
    pages: '5998–6008',
  },
  {
    id: 'goodfellow2016',
    type: 'book',
    title: 'Deep Learning',
    year: 2016,
    url: 'https://www.deeplearningbook.org',
    publication: 'MIT Press',
  },
  {
    id: 'he:resnet',
    type: 'journal',
    title: 'Deep Residual Learning',
    year: 2016,
    doi: '10.1000/xyz123',
    publication: 'Journal of Examples',
    volume: '3',
  },
]

function importInto(dir: string): string {
  const essays = join(dir, 'essays')
  mkdirSync(essays, { recursive: true })
  copyFileSync(join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib'), join(essays, 'refs.bib'))
  writeFileSync(join(essays, 'attention.md'), ESSAY)
  return essays
}

const storedBibliography = async (blog: Blog): Promise<Bibliography> => {
  const body = await blog.store.body(blog.store.postBySlug('attention')!)
  return BibliographySchema.parse(JSON.parse(body.bibliography!))
}

function expectCitedFirst(b: Bibliography): void {
  expect(b.entries.slice(0, 3)).toMatchObject(CITED)
  expect(b.entries[0].authors.slice(0, 2)).toEqual(['Ashish Vaswani', 'Noam Shazeer'])
  // The essay's link to the book is the cited book, listed once.
  expect(
    b.entries.filter((e) => e.url === 'https://www.deeplearningbook.org' || e.title === 'Deep Learning'),
  ).toHaveLength(1)
}

describe('a post imported with a .bib, bibliography by the local provider', () => {
  let blog: Blog
  let dir: ReturnType<typeof tempDir>

  beforeAll(async () => {
    dir = tempDir('cited-bib-local-')
    blog = await createBlog({ dataDir: join(dir.path, 'data'), env: {} })
    await blog.importer.importPaths([importInto(dir.path)])
  })
  afterAll(async () => {
    await blog.close()
    dir.cleanup()
  })

  it('lists the cited works first with their types and links, then what else the essay cites', async () => {
    const report = await blog.enhance.generate({ slugs: ['attention'], kinds: ['bibliography'], provider: 'local' })
    expect(report.summary).toMatchObject({ done: 1, failed: 0 })
    const b = await storedBibliography(blog)
    expectCitedFirst(b)
    expect(b.entries.slice(3).map((e) => e.url)).toEqual(['https://example.org/attention-notes'])
    expect(b.introduction).toMatch(
      /^This essay cites 4 works: 3 works from the author’s own bibliography and 1 linked page\./,
    )
  })

  it('exports a reference list natbib reads, with an entry for every cited key and no entry twice', async () => {
    await blog.enhance.generate({ slugs: ['attention'], kinds: ['bibliography'], provider: 'local' })
    const { text } = await blog.export.arxiv('attention', OWNER)
    expect(text).toContain('\\usepackage{natbib}')
    expect(text).toContain(
      'Attention \\citep{Vaswani.Shazeer.Parmar.ea.2017} replaced recurrence, as shown by \\citet{goodfellow2016}.',
    )
    expect(text).toContain(
      '\\bibitem[Vaswani et~al.(2017)]{Vaswani.Shazeer.Parmar.ea.2017}\nAshish Vaswani, Noam Shazeer,',
    )
    expect(text).toContain('\\bibitem[Goodfellow et~al.(2016)]{goodfellow2016}')
    expect(text).toContain('\\bibitem[He and Zhang(2016)]{he:resnet}')
    expect(text).toContain('\\href{https://doi.org/10.1000/xyz123}{doi:10.1000/xyz123}')
    const citedKeys = [...text.matchAll(/\\cite[pt]\{([^}]*)\}/g)].flatMap((m) => m[1].split(','))
    const bibitems = [...text.matchAll(/\\bibitem(?:\[[^\]]*\])?\{([^}]*)\}/g)].map((m) => m[1])
    expect(citedKeys.length).toBeGreaterThan(0)
    for (const key of citedKeys) expect(bibitems).toContain(key)
    // natbib refuses an author–year bibliography with one entry lacking its label.
    expect(text.match(/\\bibitem\{/g)).toBeNull()
    expect(bibitems.filter((k) => k === 'goodfellow2016')).toHaveLength(1)
    expect(text.match(/Deep Learning}?\./g)).toHaveLength(1)
    expect(lintLatex(text)).toEqual([])
  })
})

describe('a post imported with a .bib, bibliography by the openai provider', () => {
  const fake = new FakeOpenAi('sk-test', goodAnswers)
  let blog: Blog
  let dir: ReturnType<typeof tempDir>

  beforeAll(async () => {
    await fake.start()
    dir = tempDir('cited-bib-openai-')
    blog = await createBlog({
      dataDir: join(dir.path, 'data'),
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'test-model',
        OPENAI_MAX_RETRIES: '0',
      },
    })
    await blog.importer.importPaths([importInto(dir.path)])
  })
  afterAll(async () => {
    await blog.close()
    dir.cleanup()
    await fake.stop()
  })

  it('keeps the cited works first and drops the model’s copies of them', async () => {
    const entry = {
      year: null,
      authors: [],
      publication: null,
      volume: null,
      issue: null,
      pages: null,
      relevance: null,
      quote: null,
      url: null,
      doi: null,
      isbn: null,
    }
    fake.answer({
      kind: 'json',
      content: {
        introduction: 'The essay builds on the Transformer and on residual networks.',
        entries: [
          // The same works as the author's entries: by title, by DOI, and under the author's own key.
          { ...entry, id: 'ref-1', type: 'article', title: 'Attention Is All You Need', authors: ['Vaswani et al.'] },
          { ...entry, id: 'ref-2', type: 'website', title: 'ResNet paper', doi: 'https://doi.org/10.1000/XYZ123' },
          {
            ...entry,
            id: 'goodfellow2016',
            type: 'website',
            title: 'Deep learning book online',
            url: 'https://deeplearningbook.org/',
          },
          {
            ...entry,
            id: 'ref-3',
            type: 'website',
            title: 'Notes on attention',
            url: 'https://example.org/attention-notes',
          },
        ],
        furtherReading: [],
      },
    })
    const report = await blog.enhance.generate({ slugs: ['attention'], kinds: ['bibliography'] })
    expect(report).toMatchObject({ provider: 'openai', summary: { done: 1, failed: 0 } })
    const b = await storedBibliography(blog)
    expectCitedFirst(b)
    expect(b.entries.slice(3)).toMatchObject([
      { title: 'Notes on attention', url: 'https://example.org/attention-notes' },
    ])
    expect(b.introduction).toBe('The essay builds on the Transformer and on residual networks.')
    // The model was told which works are listed already.
    const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages)
    expect(prompt).toContain('Vaswani et al. (2017): Attention is All you Need')
  })
})
