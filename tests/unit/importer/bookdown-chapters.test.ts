import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bookdownChapterFiles, chapterNumbers } from '../../../src/importer/files/bookdown-chapters.js'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

describe('a bookdown book’s chapter numbers', () => {
  const numbers = (...texts: string[]) =>
    Object.fromEntries(chapterNumbers(texts.map((text, i) => ({ file: `f${i}`, text }))))

  it('counts numbered first-level headings in the book’s order, not unnumbered ones', () => {
    expect(
      numbers(
        '---\ntitle: "Book"\n# not: a heading\n---\n\n# Preface {-}\n',
        '# About the Author {.unnumbered}\n',
        '# Introduction {#intro}\n\n## A section\n',
        '# Components\n',
        '# Unnumbered but labelled {-#quiet}\n',
        '# Formats\n',
      ),
    ).toEqual({ f2: '1', f3: '2', f5: '3' })
  })

  it('skips headings inside code, and part markers; letters the chapters after (APPENDIX)', () => {
    expect(
      numbers(
        '# (PART) Basics {-}\n\n# One\n\n```{r}\n# a comment in R\n```\n\n````markdown\n# An example\n````\n',
        '# (PART\\*) Unnumbered part {-}\n\n# Two\n',
        '\\cleardoublepage\n\n# (APPENDIX) Appendix {-}\n\n# Software Tools\n',
        '# Usage\n',
        '# References {-}\n',
      ),
    ).toEqual({ f0: '1', f1: '2', f2: 'A', f3: 'B' })
  })

  it('gives a file its first chapter’s number; a second chapter in it still counts for the files after', () => {
    expect(numbers('# One\n\n# Two\n', '# Three\n')).toEqual({ f0: '1', f1: '3' })
  })
})

describe('a bookdown book’s chapter files', () => {
  const book = async (names: string[]) => {
    const dir = await mkdtemp(join(tmpdir(), 'scholia-bookdown-'))
    dirs.push(dir)
    for (const name of names) await writeFile(join(dir, name), '# x\n')
    await mkdir(join(dir, 'sub.Rmd'))
    return dir
  }

  it('are its root’s .Rmd files alphabetically, index.Rmd first, none starting with _', async () => {
    const dir = await book(['02-b.Rmd', 'index.Rmd', '01-a.rmd', '_draft.Rmd', 'notes.md'])
    expect(await bookdownChapterFiles(dir, null)).toEqual(['index.Rmd', '01-a.rmd', '02-b.Rmd'])
  })

  it('are its rmd_files in their order when it lists them, index.Rmd still first', async () => {
    const dir = await book([])
    expect(await bookdownChapterFiles(dir, ['./b.Rmd', 'index.Rmd', 'a.Rmd', '_x.Rmd', 'b.Rmd'])).toEqual([
      'index.Rmd',
      'b.Rmd',
      'a.Rmd',
    ])
  })
})
