import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isQuartoReferencesPage } from '../../../src/importer/files/bibliography-page.js'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'

let base: string
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'scholia-qbook-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(base, 'book-'))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

// The shape of r-causal/causal-inference-in-R's book: a shared setup file included by every
// chapter, a draft in chapters/future/, and a references page that is only Quarto's refs div.
const config = [
  'project:',
  '  type: book',
  'book:',
  '  chapters:',
  '    - index.qmd',
  '    - part: Asking questions',
  '      chapters:',
  '        - chapters/01-intro.qmd',
  '    - chapters/99-references.qmd',
  '  appendices:',
  '    - appendices/A-boot.qmd',
].join('\n')

describe('a Quarto book imported from its root', () => {
  it('imports the chapters and appendices it lists, not its drafts, included parts or references page', async () => {
    const dir = await tree({
      '_quarto.yml': config,
      'index.qmd': '# Preface\n\nWelcome.\n',
      'chapters/00-setup.qmd': '```{r}\n#| include: false\nlibrary(x)\n```\n',
      'chapters/01-intro.qmd': '# Intro\n\n{{< include 00-setup.qmd >}}\n\nText.\n',
      'chapters/future/draft.qmd': '### Later\n\nNot yet.\n',
      'chapters/99-references.qmd': '# References {.unnumbered}\n\n{{< include 00-setup.qmd >}}\n\n::: {#refs}\n:::\n',
      'appendices/A-boot.qmd': '# Bootstrap\n\nText.\n',
    })
    const found = await findEssayFiles([dir])
    expect(found.files.map((f) => relative(dir, f)).sort()).toEqual([
      'appendices/A-boot.qmd',
      'chapters/01-intro.qmd',
      'index.qmd',
    ])
    const skipped = Object.fromEntries(found.skipped.map((s) => [relative(dir, s.path), s.reason]))
    expect(skipped['chapters/future/draft.qmd']).toMatch(/not listed in book.chapters/)
    expect(skipped['chapters/99-references.qmd']).toMatch(/references page/)
  })

  it('knows a references page by having nothing else to say', () => {
    expect(isQuartoReferencesPage('# References {.unnumbered}\n\n::: {#refs}\n:::\n')).toBe(true)
    expect(isQuartoReferencesPage('# References\n\nSee also the notes.\n\n::: {#refs}\n:::\n')).toBe(false)
    expect(isQuartoReferencesPage('# Intro\n\nText.\n')).toBe(false)
  })
})
