import { describe, expect, it } from 'vitest'
import { bookFolder, preparedPage } from '../../helpers/book-page.js'
import { substitutionValues } from '../../../src/importer/myst/substitution-values.js'
import { shownText } from '../../helpers/shown-text.js'

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
