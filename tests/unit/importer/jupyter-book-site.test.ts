import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bibliographySources } from '../../../src/importer/bibliography/bibliography-sources.js'
import { isBibliographyPage } from '../../../src/importer/files/bibliography-page.js'
import { withBookContents } from '../../../src/importer/files/book-contents.js'
import { readBookToc } from '../../../src/importer/files/book-toc.js'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'

let base: string
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'scholia-jbook-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

async function tree(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(base, name)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

const page = '# A page\n\nText.\n'
const nb = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] })
const bibliographyPage = '# References\n\n(refs)=\n\n```{bibliography}\n:style: unsrt\n```\n'

describe('a Jupyter Book’s table of contents', () => {
  it('reads root, parts, chapters and sections in the book’s order, with what each page lists', () => {
    const toc = readBookToc({
      format: 'jb-book',
      root: 'intro',
      parts: [
        { caption: 'One', chapters: [{ file: 'a.md', sections: [{ file: 'a/x' }, { file: 'a/y.ipynb' }] }] },
        { caption: 'Two', chapters: [{ file: './b' }, { url: 'https://example.org' }] },
      ],
    })
    expect(toc.order).toEqual(['intro', 'a', 'a/x', 'a/y', 'b'])
    expect(Object.fromEntries(toc.children)).toEqual({ intro: ['a', 'b'], a: ['a/x', 'a/y'] })
    // each page in a part, its sections too, has the part's caption; the root stands above them
    expect(Object.fromEntries(toc.parts)).toEqual({ a: 'One', 'a/x': 'One', 'a/y': 'One', b: 'Two' })
  })

  it('reads parts from the older subtrees, mystmd’s groups, and the innermost caption of nested ones', () => {
    const subtrees = readBookToc({
      root: 'index',
      subtrees: [
        { caption: 'Basics', entries: [{ file: 'a', subtrees: [{ caption: 'Deeper', entries: [{ file: 'a/b' }] }] }] },
      ],
    })
    expect(Object.fromEntries(subtrees.parts)).toEqual({ a: 'Basics', 'a/b': 'Deeper' })
    // a mystmd group's title is a part; a page's own title only retitles it
    const myst = readBookToc([
      { file: 'index.md' },
      { title: 'Group', children: [{ file: 'g1.md', title: 'First' }] },
      { file: 'alone.md', title: 'Alone' },
    ])
    expect(Object.fromEntries(myst.parts)).toEqual({ g1: 'Group' })
    // a book without parts has none; a caption with no letters names nothing
    expect(readBookToc({ root: 'i', chapters: [{ file: 'c' }] }).parts.size).toBe(0)
    expect(readBookToc({ root: 'i', parts: [{ caption: '—', chapters: [{ file: 'c' }] }] }).parts.size).toBe(0)
  })

  it('reads mystmd’s project.toc and the older top-level list: the first page is the root', () => {
    const toc = readBookToc([
      { file: 'index.md' },
      { title: 'Group', children: [{ file: 'g1.md', children: [{ file: 'g1/deep.ipynb' }] }, { file: 'g2.md' }] },
    ])
    expect(toc.order).toEqual(['index', 'g1', 'g1/deep', 'g2'])
    expect(Object.fromEntries(toc.children)).toEqual({ index: ['g1', 'g2'], g1: ['g1/deep'] })
  })
})

describe('walking a Jupyter Book', () => {
  it('imports the notebooks and pages its toc lists, not the bibliography page, with each page’s contents', async () => {
    const dir = await tree('book', {
      '_toc.yml':
        'format: jb-book\nroot: intro\nchapters:\n  - file: nb/first\n  - file: second\n    sections:\n      - file: nb/third\n  - file: bibliography\n',
      '_config.yml': 'title: x\nbibtex_bibfiles:\n  - refs/book.bib\n',
      'intro.md': page,
      'nb/first.ipynb': nb,
      'second.md': page,
      'nb/third.ipynb': nb,
      'nb/unlisted.ipynb': nb,
      'bibliography.md': bibliographyPage,
      'nb/.ipynb_checkpoints/first-checkpoint.ipynb': nb,
    })
    const found = await findEssayFiles([dir])
    expect(found.files.map((f) => relative(dir, f))).toEqual([
      'intro.md',
      'nb/first.ipynb',
      'nb/third.ipynb',
      'second.md',
    ])
    expect(found.skipped.map((s) => [relative(dir, s.path), s.reason])).toEqual(
      expect.arrayContaining([
        ['bibliography.md', 'Jupyter Book: the bibliography page'],
        ['nb/unlisted.ipynb', 'Jupyter Book (_toc.yml): not listed in _toc.yml'],
      ]),
    )
    const contents = Object.fromEntries(
      [...found.contents].map(([k, v]) => [relative(dir, k), v.map((f) => relative(dir, f))]),
    )
    expect(contents).toEqual({ 'intro.md': ['nb/first.ipynb', 'second.md'], 'second.md': ['nb/third.ipynb'] })
  })

  it('imports a README or code of conduct the toc names as a chapter, and no other', async () => {
    // As UW-GDA/jupyterbook's _toc.yml lists `resources/students/README` and `resources/code_of_conduct.md`.
    const dir = await tree('toc-readme', {
      '_toc.yml':
        'format: jb-book\nroot: intro\nchapters:\n  - file: resources/README\n    sections:\n      - file: resources/code_of_conduct.md\n',
      'intro.md': page,
      'README.md': page,
      'resources/README.md': page,
      'resources/code_of_conduct.md': page,
      'resources/LICENSE.md': page,
    })
    const found = await findEssayFiles([dir])
    expect(found.files.map((f) => relative(dir, f))).toEqual([
      'intro.md',
      'resources/README.md',
      'resources/code_of_conduct.md',
    ])
    expect(found.skipped.map((s) => relative(dir, s.path))).toEqual(
      expect.arrayContaining(['README.md', 'resources/LICENSE.md']),
    )
  })

  it('recognises a Jupyter Book 2 / mystmd project by myst.yml, with or without a toc', async () => {
    const listed = await tree('myst-toc', {
      'myst.yml': 'version: 1\nproject:\n  title: x\n  toc:\n    - file: index.md\n    - file: nb.ipynb\n',
      'index.md': page,
      'nb.ipynb': nb,
      'paper.md': page,
    })
    const found = await findEssayFiles([listed])
    expect(found.sites.map((s) => s.label)).toEqual(['Jupyter Book 2 / MyST project (myst.yml)'])
    expect(found.files.map((f) => relative(listed, f))).toEqual(['index.md', 'nb.ipynb'])
    const all = await tree('myst-all', {
      'myst.yml': 'version: 1\nproject:\n  title: x\n',
      'a.md': page,
      'b.ipynb': nb,
    })
    expect((await findEssayFiles([all])).files.map((f) => relative(all, f))).toEqual(['a.md', 'b.ipynb'])
  })

  it('walks notebooks in a plain folder and a Quarto project, leaving out a notebook paired with its text', async () => {
    const plain = await tree('plain', { 'a.md': page, 'b.ipynb': nb, 'a.ipynb': nb })
    const found = await findEssayFiles([plain])
    expect(found.files.map((f) => relative(plain, f))).toEqual(['a.md', 'b.ipynb'])
    expect(found.skipped.map((s) => s.reason)).toEqual([
      'a notebook paired with a.md (jupytext or a rendered copy): the text file is imported',
    ])
    const quarto = await tree('quarto', { '_quarto.yml': 'project:\n  type: website\n', 'x.qmd': page, 'y.ipynb': nb })
    expect((await findEssayFiles([quarto])).files.map((f) => relative(quarto, f))).toEqual(['x.qmd', 'y.ipynb'])
  })
})

describe('a Jupyter Book’s bibliographies', () => {
  it('every page may cite from the files _config.yml names in bibtex_bibfiles; a missing one is a warning', async () => {
    const dir = await tree('bib-book', {
      '_config.yml': 'bibtex_bibfiles:\n  - refs/book.bib\n  - refs/missing.bib\n',
      'refs/book.bib': '@book{k, title={T}, year={1}}\n',
      'chapters/one.md': page,
    })
    const sources = bibliographySources(join(dir, 'chapters', 'one.md'), dir, {})
    expect(sources).toEqual([
      { path: expect.stringMatching(/refs\/book\.bib$/) },
      { missing: 'refs/missing.bib', reason: 'named in _config.yml (bibtex_bibfiles): file not found' },
    ])
  })

  it('mystmd’s project.bibliography counts the same', async () => {
    const dir = await tree('bib-myst', {
      'myst.yml': 'version: 1\nproject:\n  bibliography: [lit/refs.bib]\n',
      'lit/refs.bib': '@book{k, title={T}, year={1}}\n',
      'page.md': page,
    })
    expect(bibliographySources(join(dir, 'page.md'), dir, {})).toEqual([
      { path: expect.stringMatching(/lit\/refs\.bib$/) },
    ])
  })
})

describe('pages a book builds rather than says', () => {
  it('a bibliography page is a heading, targets and the directive only', () => {
    expect(isBibliographyPage(bibliographyPage)).toBe(true)
    expect(isBibliographyPage('---\ntitle: Refs\n---\n:::{bibliography}\n:::\n')).toBe(true)
    expect(isBibliographyPage('# References\n\nSome words first.\n\n```{bibliography}\n```\n')).toBe(false)
    expect(isBibliographyPage('# A page\n\nNo directive.\n')).toBe(false)
  })

  it('a page’s contents replace its {tableofcontents}, or follow its text', () => {
    const listed = ['/b/ch/one.md', '/b/two.ipynb']
    expect(withBookContents('# Book\n\n```{tableofcontents}\n```\n\nAfter.\n', '/b/intro.md', listed)).toBe(
      '# Book\n\n- [ch/one](ch/one.md)\n- [two](two.ipynb)\n\nAfter.\n',
    )
    expect(withBookContents('# Chapter\n', '/b/ch/index.md', ['/b/ch/a b.md'])).toBe(
      '# Chapter\n\n## Contents\n\n- [a b](a%20b.md)\n',
    )
  })
})
