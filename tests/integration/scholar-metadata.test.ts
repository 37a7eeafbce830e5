import core from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type DefaultTreeAdapterMap } from 'parse5'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildStaticSite } from '../../src/build/static-build.js'
import { servedBlog } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * The "Zotero-style check" of issue 40: what a reference manager or Google Scholar reads from a
 * post page — its Highwire Press `citation_*` tags, its JSON-LD and the "Cite this" BibTeX, read
 * with a real HTML parser (parse5, the one browsers' spec describes) and a real BibTeX parser
 * (citation-js) — names the essay's title, every author, its date and its address.
 */

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

const TITLE = 'Attention, Entropy & the 50% Rule: A_Study of {Braces}'
const THIRTEEN = [
  'Mike Innes',
  'David Barber',
  'Tim Besard',
  'James Bradbury',
  'Valentin Churavy',
  'Simon Danisch',
  'Alan Edelman',
  'Stefan Karpinski',
  'Jon Malmaud',
  'Jarrett Revels',
  'Viral Shah',
  'Pontus Stenetorp',
  'Deniz Yuret',
]
const AFFILIATED = `By ${THIRTEEN.slice(0, -1)
  .map((n, i) => `${n} (${i % 2 ? 'MIT' : 'JuliaHub'})`)
  .join(', ')} and Deniz Yuret (Koç University)`

const ESSAYS: Record<string, string> = {
  'attention.md': `---
title: "${TITLE}"
date: 2025-05-02
authors:
  - Vaswani, Ashish
  - Noam Shazeer
  - name: Niki Parmar
doi: https://doi.org/10.5281/zenodo.1234567
version: 2.1.0
archive: https://web.archive.org/web/2025/https://example.org/attention
tags: [attention, entropy]
---

Attention weighs every token by its relevance to every other.
`,
  'flux.md': `---
title: Machine Learning and Programming Languages
date: 2017-12-06
author: "${AFFILIATED}"
---

Thirteen people wrote this.
`,
  'careless.md': `---
title: A Careless Front Matter
date: 2024-01-10
author: Ada Lovelace
doi: not-a-doi
archive: ftp://files.example/essay
---

Nothing here can be cited by its DOI.
`,
}

let ctx: Awaited<ReturnType<typeof servedBlog>>
let essays: ReturnType<typeof tempDir>
let report: Awaited<ReturnType<typeof ctx.blog.importer.importPaths>>

beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null, blog: { env: { BLOG_BASE_URL: 'https://essays.example' } } })
  essays = tempDir('scholar-')
  for (const [name, text] of Object.entries(ESSAYS)) writeFileSync(join(essays.path, name), text)
  report = await ctx.blog.importer.importPaths([essays.path])
}, 60_000)

afterAll(async () => {
  await ctx?.cleanup()
  essays?.cleanup()
})

const page = async (path: string) => {
  const res = await fetch(`${ctx.server.url}${path}`)
  expect(res.status).toBe(200)
  return res.text()
}

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node
  const children = 'childNodes' in node ? node.childNodes : []
  for (const child of children) yield* walk(child)
  if ('content' in node && node.content) yield* walk(node.content as Node)
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value
const textOf = (node: Node): string =>
  'value' in node && node.nodeName === '#text'
    ? node.value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : ''

/** What a reference manager reads from a page. */
function read(html: string) {
  const elements = [...walk(parse(html))]
  const citationTags: [string, string][] = elements
    .filter((el) => el.tagName === 'meta' && attr(el, 'name')?.startsWith('citation_'))
    .map((el) => [attr(el, 'name')!, attr(el, 'content') ?? ''])
  const all = (name: string) => citationTags.filter(([n]) => n === name).map(([, v]) => v)
  const jsonLd = elements
    .filter((el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json')
    .map((el) => JSON.parse(textOf(el)) as Record<string, unknown>)
  const pre = elements.find((el) => el.tagName === 'pre' && attr(el, 'class')?.includes('cite-box__bibtex'))
  const bibtex = pre ? textOf(pre) : ''
  const apa = elements.find((el) => el.tagName === 'p' && attr(el, 'class')?.includes('cite-box__apa'))
  return { all, one: (name: string) => all(name)[0], jsonLd, bibtex, apa: apa ? textOf(apa) : '' }
}

function parseBibtex(text: string) {
  const items = core.plugins.input.chain(text, { forceType: '@biblatex/text', generateGraph: false }) as Record<
    string,
    unknown
  >[]
  expect(items).toHaveLength(1)
  return items[0] as {
    title: string
    author: { given?: string; family?: string }[]
    issued: { 'date-parts': number[][] }
    URL: string
    DOI?: string
    version?: string
  }
}

describe('a post page, as Zotero and Google Scholar read it', () => {
  it('carries Highwire Press tags: title, one author each, dates, publisher, DOI, addresses, language', async () => {
    const url = 'https://essays.example/posts/attention-entropy-the-50-rule-a-study-of-braces'
    const slug = ctx.blog.store.posts().find((p) => p.title === TITLE)!.slug
    expect(`https://essays.example/posts/${slug}`).toBe(url)
    const meta = read(await page(`/posts/${slug}`))
    expect(meta.one('citation_title')).toBe(TITLE)
    expect(meta.all('citation_author')).toEqual(['Vaswani, Ashish', 'Noam Shazeer', 'Niki Parmar'])
    expect(meta.one('citation_publication_date')).toBe('2025/05/02')
    expect(meta.one('citation_online_date')).toBe('2025/05/02')
    expect(meta.one('citation_publisher')).toBe('Scholia')
    expect(meta.one('citation_doi')).toBe('10.5281/zenodo.1234567')
    expect(meta.one('citation_abstract_html_url')).toBe(url)
    expect(meta.one('citation_fulltext_html_url')).toBe(url)
    expect(meta.one('citation_language')).toBe('en')
    expect(meta.one('citation_keywords')).toBe('attention; entropy')
    // the site makes no PDF of an essay, so it announces none
    expect(meta.all('citation_pdf_url')).toEqual([])

    const [article] = meta.jsonLd
    expect(article.author).toEqual([
      { '@type': 'Person', name: 'Ashish Vaswani' },
      { '@type': 'Person', name: 'Noam Shazeer' },
      { '@type': 'Person', name: 'Niki Parmar' },
    ])
    expect(article).toMatchObject({
      identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: '10.5281/zenodo.1234567' },
      sameAs: [
        'https://doi.org/10.5281/zenodo.1234567',
        'https://web.archive.org/web/2025/https://example.org/attention',
      ],
      version: '2.1.0',
    })

    const entry = parseBibtex(meta.bibtex)
    expect(entry.title).toBe(TITLE)
    expect(entry.author).toEqual([
      { family: 'Vaswani', given: 'Ashish' },
      { family: 'Shazeer', given: 'Noam' },
      { family: 'Parmar', given: 'Niki' },
    ])
    expect(entry.issued['date-parts']).toEqual([[2025, 5]])
    expect(entry.URL).toBe(url)
    expect(entry.DOI).toBe('10.5281/zenodo.1234567')
    expect(entry.version).toBe('2.1.0')
    expect(meta.apa).toBe(
      `Vaswani, A., Shazeer, N., & Parmar, N. (2025, May 2). ${TITLE} (Version 2.1.0). Scholia. https://doi.org/10.5281/zenodo.1234567`,
    )
  })

  it('shows the DOI as a doi.org link, the version and the archived copy under the byline', async () => {
    const slug = ctx.blog.store.posts().find((p) => p.title === TITLE)!.slug
    const html = await page(`/posts/${slug}`)
    expect(html).toMatch(
      /<a href="https:\/\/doi.org\/10.5281\/zenodo.1234567"[^>]*>https:\/\/doi.org\/10.5281\/zenodo.1234567<\/a>/,
    )
    expect(html).toContain('<a href="https://web.archive.org/web/2025/https://example.org/attention">Archived copy</a>')
    expect(html).toMatch(/Version<\/span> 2.1.0/)
  })

  it('names each of thirteen authors, where the line named them all in one string with affiliations', async () => {
    const meta = read(await page('/posts/machine-learning-and-programming-languages'))
    expect(meta.all('citation_author')).toEqual(THIRTEEN)
    expect((meta.jsonLd[0].author as { name: string }[]).map((p) => p.name)).toEqual(THIRTEEN)
    const entry = parseBibtex(meta.bibtex)
    expect(entry.author.map((a) => `${a.given} ${a.family}`)).toEqual(THIRTEEN)
    expect(entry.issued['date-parts']).toEqual([[2017, 12]])
    expect(entry.URL).toBe('https://essays.example/posts/machine-learning-and-programming-languages')
    expect(meta.all('citation_doi')).toEqual([])
    // the feeds list them one by one too
    const feed = (await (await fetch(`${ctx.server.url}/feed.json`)).json()) as {
      items: { title: string; authors: { name: string }[] }[]
    }
    const item = feed.items.find((i) => i.title === 'Machine Learning and Programming Languages')!
    expect(item.authors.map((a) => a.name)).toEqual(THIRTEEN)
  })

  it('reports front matter it cannot cite, and leaves it out of the page', async () => {
    const careless = report.files.find((f) => f.path.endsWith('careless.md'))!
    expect(careless.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^doi: /), expect.stringMatching(/^archive: /)]),
    )
    const meta = read(await page(`/posts/${careless.slug}`))
    expect(meta.all('citation_doi')).toEqual([])
    expect(meta.all('citation_author')).toEqual(['Ada Lovelace'])
    expect(meta.bibtex).not.toMatch(/doi|note/)
  })

  it('gives `blog build` pages the same tags and Cite-this box', async () => {
    const out = tempDir('scholar-build-')
    try {
      await buildStaticSite(ctx.blog, { out: out.path })
      const file = join(out.path, 'posts', 'machine-learning-and-programming-languages', 'index.html')
      expect(existsSync(file)).toBe(true)
      const meta = read(readFileSync(file, 'utf8'))
      expect(meta.all('citation_author')).toEqual(THIRTEEN)
      expect(parseBibtex(meta.bibtex).title).toBe('Machine Learning and Programming Languages')
    } finally {
      out.cleanup()
    }
  }, 60_000)
})
