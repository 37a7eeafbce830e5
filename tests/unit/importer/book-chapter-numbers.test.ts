import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { GUEST } from '../../../src/core/viewer.js'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { bookFolder } from '../../helpers/book-page.js'
import { shownText } from '../../helpers/shown-text.js'
import { tempDir } from '../../helpers/temp-dir.js'

const folders: string[] = []
const blogs: Array<{ blog: Blog; cleanup: () => void }> = []
afterAll(async () => {
  for (const { blog, cleanup } of blogs) {
    await blog.close()
    cleanup()
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function book(files: Record<string, string>): string {
  const root = bookFolder(files, 'scholia-chapters-')
  folders.push(root)
  return root
}

/** The book imported into a fresh blog, as `blog import ROOT` does it. */
async function imported(root: string): Promise<Blog> {
  const tmp = tempDir('chapters-')
  const blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  blogs.push({ blog, cleanup: tmp.cleanup })
  const report = await blog.importer.importPaths([root])
  expect(report.files.filter((f) => f.status === 'failed')).toEqual([])
  return blog
}

/** Chapter numbers by file, relative to the root. */
async function numbers(root: string): Promise<Record<string, string>> {
  const found = await findEssayFiles([root])
  return Object.fromEntries([...found.chapters].map(([file, n]) => [file.slice(root.length + 1), n]))
}

const QUARTO_BOOK = {
  '_quarto.yml': [
    'project:',
    '  type: book',
    'book:',
    '  title: Probability notes',
    '  chapters:',
    '    - index.qmd',
    '    - part: "Foundations"',
    '      chapters:',
    '        - intro.qmd',
    '        - probability.qmd',
    '    - references.qmd',
    '  appendices:',
    '    - tools.qmd',
    '',
  ].join('\n'),
  'index.qmd': '# Preface {.unnumbered}\n\nWhat this book is.\n',
  'intro.qmd':
    '# Introduction {#sec-intro}\n\nBayes’ rule is @thm-bayes, in @sec-probability.\n\nMore in [Chapter -@sec-conditioning].\n',
  'probability.qmd': [
    '# Probability {#sec-probability}',
    '',
    '## Conditioning {#sec-conditioning}',
    '',
    '::: {#thm-bayes}',
    '## Bayes',
    '$P(A \\mid B) = P(B \\mid A) P(A) / P(B)$.',
    ':::',
    '',
    'By @thm-bayes, with',
    '',
    '$$ P(B) = \\sum_i P(B \\mid A_i) P(A_i) $$ {#eq-total}',
    '',
    'which @eq-total gives.',
    '',
  ].join('\n'),
  'references.qmd': '# References {.unnumbered}\n\n::: {#refs}\n:::\n',
  'tools.qmd': '# Tools\n\nSoftware used.\n',
}

describe('a Quarto book’s chapters', () => {
  it('are numbered in the order of book.chapters, parts’ chapters in place; the preface and {.unnumbered} take none; appendices lettered', async () => {
    expect(await numbers(book(QUARTO_BOOK))).toEqual({ 'intro.qmd': '1', 'probability.qmd': '2', 'tools.qmd': 'A' })
  })

  it('number theorems, equations and sections within the chapter, and references to them read so', async () => {
    const blog = await imported(book(QUARTO_BOOK))
    const post = await blog.posts.get('probability', GUEST)
    expect(post.title).toBe('2 Probability')
    const shown = shownText(post.html)
    expect(shown).toContain('Theorem 2.1')
    expect(shown).toContain('2.1 Conditioning')
    expect(post.html).toMatch(/<a href="#[^"]*thm-bayes">Theorem 2\.1<\/a>/)
    expect(post.html).toMatch(/\\tag\{2\.1\}|\(2\.1\)/)
    // the appendix is lettered as Quarto heads it; the preface keeps its own title
    expect((await blog.posts.get('tools', GUEST)).title).toBe('Appendix A — Tools')
    expect((await blog.posts.get('preface', GUEST)).title).toBe('Preface')
  })

  it('another chapter’s section is "Chapter 2" from the chapter before, as Quarto writes it', async () => {
    const blog = await imported(book(QUARTO_BOOK))
    const intro = await blog.posts.get('introduction', GUEST)
    expect(intro.title).toBe('1 Introduction')
    expect(intro.html).toMatch(/<a href="\/posts\/probability"[^>]*>Chapter 2<\/a>/)
    // `-@`: the number alone, after the author's own word (causal-inference-in-R's "[Chapter -@sec-x]").
    expect(intro.html).toMatch(/More in Chapter <a href="\/posts\/probability#[^"]*sec-conditioning"[^>]*>2\.1<\/a>/)
    expect(shownText(intro.html)).not.toContain('(?)')
  })

  // aeturrell/coding-for-economists: most chapters are notebooks whose first cell heads them so.
  it('a notebook chapter titled `# Time Series {#sec-time-series}` keeps the label off its title and is the target of @sec-time-series', async () => {
    const cell = (source: string) => ({ cell_type: 'markdown', metadata: {}, source })
    const notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [cell('# Time Series {#sec-time-series}\n\nSeries.')],
    }
    const blog = await imported(
      book({
        ...QUARTO_BOOK,
        '_quarto.yml': QUARTO_BOOK['_quarto.yml'].replace(
          '- probability.qmd',
          '- probability.qmd\n        - series.ipynb',
        ),
        'series.ipynb': JSON.stringify(notebook),
        'tools.qmd': '# Tools\n\nSee the @sec-time-series chapter.\n',
      }),
    )
    const series = await blog.posts.get('time-series', GUEST)
    expect(series.title).toBe('3 Time Series')
    const tools = await blog.posts.get('tools', GUEST)
    expect(tools.html).toMatch(/See the <a href="\/posts\/time-series"[^>]*>Chapter 3<\/a> chapter\./)
  })

  it('are not numbered under number-sections: false, nor is a value that is no boolean taken for false', async () => {
    const off = book({ ...QUARTO_BOOK, '_quarto.yml': `${QUARTO_BOOK['_quarto.yml']}number-sections: false\n` })
    expect(await numbers(off)).toEqual({})
    const post = await (await imported(off)).posts.get('probability', GUEST)
    expect(post.title).toBe('Probability')
    expect(shownText(post.html)).toContain('Theorem 1')
    const bad = book({ ...QUARTO_BOOK, '_quarto.yml': `${QUARTO_BOOK['_quarto.yml']}number-sections: sometimes\n` })
    expect(await numbers(bad)).toEqual({ 'intro.qmd': '1', 'probability.qmd': '2', 'tools.qmd': 'A' })
  })

  it('says a bad number-sections in the import report of each chapter', async () => {
    const tmp = tempDir('chapters-')
    const blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
    blogs.push({ blog, cleanup: tmp.cleanup })
    const root = book({ ...QUARTO_BOOK, '_quarto.yml': `${QUARTO_BOOK['_quarto.yml']}number-sections: sometimes\n` })
    const report = await blog.importer.importPaths([root])
    const intro = report.files.find((f) => f.path.endsWith('intro.qmd'))!
    expect(intro.warnings.join('\n')).toContain('number-sections is "sometimes", not true or false; ignored')
  })

  it('under crossref: chapters: false number theorems and equations 1, 2, … while chapters and sections keep theirs', async () => {
    const plain = (value: string) =>
      book({ ...QUARTO_BOOK, '_quarto.yml': `${QUARTO_BOOK['_quarto.yml']}crossref:\n  chapters: ${value}\n` })
    const blog = await imported(plain('false'))
    const post = await blog.posts.get('probability', GUEST)
    expect(post.title).toBe('2 Probability')
    const shown = shownText(post.html)
    expect(shown).toContain('Theorem 1')
    expect(shown).not.toContain('Theorem 2.1')
    expect(shown).toContain('2.1 Conditioning')
    expect(post.html).toMatch(/<a href="#[^"]*thm-bayes">Theorem 1<\/a>/)
    expect(post.html).not.toMatch(/\\tag\{2\.1\}|\(2\.1\)/)
    // a value that is no boolean is said in the report and ignored: "2.1" as before
    const tmp = tempDir('chapters-')
    const other = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
    blogs.push({ blog: other, cleanup: tmp.cleanup })
    const report = await other.importer.importPaths([plain('sometimes')])
    const probability = report.files.find((f) => f.path.endsWith('probability.qmd'))!
    expect(probability.warnings.join('\n')).toContain('crossref.chapters is "sometimes", not true or false; ignored')
    expect(shownText((await other.posts.get('probability', GUEST)).html)).toContain('Theorem 2.1')
  })
})

const BOOKDOWN_BOOK = {
  '_bookdown.yml': 'language:\n  ui:\n    chapter_name: "Chapter "\n',
  '_output.yml': 'bookdown::gitbook:\n  css: style.css\nbookdown::pdf_book:\n  keep_tex: yes\n',
  'index.Rmd': '---\ntitle: "A Book"\nsite: bookdown::bookdown_site\n---\n\n# Prerequisites\n\nR.\n',
  '01-intro.Rmd': [
    '# Introduction {#intro}',
    '',
    '## Tables {#tables}',
    '',
    'See Equation \\@ref(eq:binom) in Section \\@ref(tables).',
    '',
    '\\begin{equation}',
    '  f(k) = p^k (1 - p)^{n - k}',
    '  (\\#eq:binom)',
    '\\end{equation}',
    '',
  ].join('\n'),
}

describe('a bookdown book’s chapters', () => {
  it('are headed as its chapter_name says, "Chapter 2 Introduction"; index.Rmd keeps the book’s title', async () => {
    const blog = await imported(book(BOOKDOWN_BOOK))
    const post = await blog.posts.get('introduction', GUEST)
    expect(post.title).toBe('Chapter 2 Introduction')
    expect(shownText(post.html)).toContain('2.1 Tables')
    expect((await blog.posts.get('a-book', GUEST)).title).toBe('A Book')
  })

  it('under number_sections: false (in _output.yml or index.Rmd’s output) have no numbers, nor have their sections', async () => {
    for (const files of [
      { ...BOOKDOWN_BOOK, '_output.yml': 'bookdown::gitbook:\n  number_sections: false\n' },
      {
        ...BOOKDOWN_BOOK,
        'index.Rmd': BOOKDOWN_BOOK['index.Rmd'].replace(
          'site:',
          'output:\n  bookdown::gitbook:\n    number_sections: false\nsite:',
        ),
      },
    ]) {
      const root = book(files)
      expect(await numbers(root)).toEqual({})
      const post = await (await imported(root)).posts.get('introduction', GUEST)
      expect(post.title).toBe('Introduction')
      const shown = shownText(post.html)
      expect(shown).toContain('Tables')
      expect(shown).not.toMatch(/\b1\.1\b|2\.1 Tables/)
      // figures and equations are numbered on their own, as bookdown's global numbering has them
      expect(shown).toMatch(/Equation \(?1\)?/)
      expect(shown).not.toMatch(/Equation \(?2\.1/)
    }
  })

  it('still number when number_sections is no boolean, and the report says it was ignored', async () => {
    const root = book({ ...BOOKDOWN_BOOK, '_output.yml': 'bookdown::gitbook:\n  number_sections: maybe\n' })
    expect(await numbers(root)).toEqual({ 'index.Rmd': '1', '01-intro.Rmd': '2' })
    const tmp = tempDir('chapters-')
    const blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
    blogs.push({ blog, cleanup: tmp.cleanup })
    const report = await blog.importer.importPaths([root])
    const intro = report.files.find((f) => f.path.endsWith('01-intro.Rmd'))!
    expect(intro.warnings.join('\n')).toContain('number_sections is "maybe", not true or false; ignored')
  })
})
