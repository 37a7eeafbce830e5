import { describe, expect, it } from 'vitest'
import { bookFolder, preparedPage } from '../../helpers/book-page.js'
import { substitutionValues } from '../../../src/importer/myst/substitution-values.js'
import { shownText } from '../../helpers/shown-text.js'
import { notebookSource } from '../../../src/importer/notebook/notebook-source.js'

const book = (files: Record<string, string>): string => bookFolder(files, 'scholia-substitutions-')
const rendered = preparedPage

// Jupyter Book's own documentation book sets this in its _config.yml.
const jupyterBookConfig = `title: Jupyter Book
parse:
  myst_substitutions:
    sub3: My _global_ value!
    course: Book course
`

describe('a book’s MyST substitutions', () => {
  it('substitutes a Jupyter Book’s _config.yml values, the page’s myst.substitutions overriding them', () => {
    const root = book({ '_config.yml': jupyterBookConfig, '_toc.yml': 'format: jb-book\nroot: intro\n' })
    const text =
      '---\nmyst:\n  substitutions:\n    course: "**Page** course"\n---\n\n# Intro\n\nIt produces: {{ sub3 }} in {{ course }}.\n'
    const { rendered: page, figures } = rendered(root, 'intro.md', text)
    expect(page.html).toContain('It produces: My <em>global</em> value! in <strong>Page</strong> course.')
    expect(shownText(page.html, { code: false })).not.toContain('{{')
    expect(page.warnings.filter((w) => w.rule === 'myst-substitution')).toEqual([])
    // A change to the book's values imports its pages again.
    expect(figures?.files).toContain('_config.yml')
  })

  it('reads mystmd’s project substitutions in myst.yml and a page’s front-matter substitutions', () => {
    const root = book({
      'myst.yml': 'version: 1\nproject:\n  title: Notes\n  substitutions:\n    model: ResNet\n    year: 2016\n',
    })
    const { rendered: page } = rendered(
      root,
      'notes.md',
      '---\nsubstitutions:\n  model: "{abbr}`ViT (Vision Transformer)`"\n---\n\n# Notes\n\nThe {{model}} of {{ year }}.\n',
    )
    expect(page.html).toContain('<abbr title="Vision Transformer">ViT</abbr> of 2016.')
  })

  it('skips a setting or an entry that is not text, with a warning, and keeps the others', () => {
    const root = book({
      '_config.yml': 'parse:\n  myst_substitutions: [not, a, table]\n',
      'myst.yml':
        'version: 1\nproject:\n  substitutions:\n    good: fine\n    bad: [1, 2]\n    nested:\n      name: Inner\n',
    })
    const found = substitutionValues(root, { substitutions: 'oops' })
    expect([...found.values]).toEqual([
      ['good', 'fine'],
      ['nested.name', 'Inner'],
    ])
    expect(found.warnings.map((w) => w.message)).toEqual([
      '_config.yml parse.myst_substitutions is not a table of key: value; ignored',
      'myst.yml project.substitutions: the value of "bad" is not text (or is too long), so {{ bad }} is not substituted',
      'The front matter’s substitutions is not a table of key: value; ignored',
    ])
    const { rendered: page } = rendered(root, 'p.md', '# P\n\n{{ good }} and {{ nested.name }}.\n')
    expect(page.html).toContain('fine and Inner.')
    expect(page.warnings.map((w) => w.rule)).toContain('myst-substitution')
  })
})

describe('a notebook’s MyST substitutions', () => {
  /** A notebook of a Jupyter Book, as `blog import` reads it, with these metadata and markdown cells. */
  const notebookPage = (metadata: Record<string, unknown>, cells: string[]) => {
    const root = book({ '_config.yml': jupyterBookConfig, '_toc.yml': 'format: jb-book\nroot: intro\n' })
    const notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, ...metadata },
      cells: cells.map((source, i) => ({ cell_type: 'markdown', id: `m${i}`, metadata: {}, source })),
    }
    const read = notebookSource(JSON.stringify(notebook))
    if (!read.ok) throw new Error(read.error)
    return rendered(root, 'lecture.ipynb', read.text).rendered
  }

  it('uses the values of the notebook’s metadata (myst.substitutions, as MyST-NB reads them) in its markdown cells', () => {
    const page = notebookPage({ myst: { substitutions: { course: 'Notebook *course*', lab: 'Lab 3' } } }, [
      '# Lecture\n\nWelcome to {{ course }}.',
      'See {{ lab }}; the book says {{ sub3 }}',
    ])
    expect(page.html).toContain('Welcome to Notebook <em>course</em>.')
    expect(page.html).toContain('See Lab 3; the book says My <em>global</em> value!')
    expect(shownText(page.html, { code: false })).not.toContain('{{')
  })

  it('uses the values of the front matter in its first markdown cell, which win over its metadata’s', () => {
    const page = notebookPage({ myst: { substitutions: { course: 'From metadata', lab: 'Lab 3' } } }, [
      '---\nsubstitutions:\n  course: From the cell\n---\n# Lecture\n\nWelcome to {{ course }} and {{ lab }}.',
    ])
    expect(page.html).toContain('Welcome to From the cell and Lab 3.')
  })
})
