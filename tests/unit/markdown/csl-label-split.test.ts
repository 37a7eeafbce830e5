import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import core from '@citation-js/core'
import CSL from 'citeproc'
import { describe, expect, it } from 'vitest'
import { parseBibliography } from '../../../src/importer/bibliography/parse-bibliography.js'
import {
  formatEntries,
  formatEntry,
  resetFormattedEntries,
  splitLabel,
  styleWithoutSort,
} from '../../../src/markdown/citations/csl-engine.js'
import type { CslEntry } from '../../../src/shared/schemas/index.js'
import { projectRoot } from '../../helpers/temp-dir.js'
import { CORPUS_DIR } from './corpus.js'

// A citation card shows an entry's author part and date part apart. The engine is asked for the
// whole parenthetical label only, and the parts are read off it: they must be exactly what
// citeproc gives when asked for each part on its own.
const bibFiles = [
  join(CORPUS_DIR, 'd2l-en', 'd2l.bib'),
  join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib'),
  join(projectRoot, 'tests', 'fixtures', 'distill', 'assets', 'bibliography', '2024-05-14-notes-in-the-margin.bib'),
]
const awkward: CslEntry[] = [
  {
    id: 'org',
    type: 'report',
    title: 'Report, with a comma in its title',
    author: [{ literal: 'University of California, Berkeley' }],
    issued: { 'date-parts': [[2020]] },
  },
  { id: 'undated', type: 'webpage', title: 'An undated page', author: [{ family: 'Knuth', given: 'Donald' }] },
  { id: 'anonymous', type: 'article-journal', title: 'No author, but a year', issued: { 'date-parts': [[1999]] } },
  {
    id: 'many',
    type: 'article-journal',
    title: 'Many authors',
    author: ['A', 'B', 'C', 'D'].map((family) => ({ family, given: 'X.' })),
    issued: { 'date-parts': [[2017, 6]] },
  },
] as CslEntry[]

function citeprocParts(entries: CslEntry[]): Array<{ entry: CslEntry; author: string; year: string }> {
  const items = new Map<string, CslEntry>()
  const csl = core.plugins.config.get('@csl')
  const engine = new CSL.Engine(
    {
      retrieveLocale: (lang: string) => csl.locales.get(lang) ?? csl.locales.get('en-US'),
      retrieveItem: (id: string) => items.get(id),
    },
    styleWithoutSort(),
    'en-US',
    true,
  )
  engine.setOutputFormat('text')
  const strip = (t: string) => t.trim().replace(/^\((.*)\)$/, '$1')
  return entries.map((entry, k) => {
    const id = `t${k}`
    items.set(id, { ...entry, id })
    return {
      entry,
      author: engine.makeCitationCluster([{ id, 'author-only': true }]).trim(),
      year: strip(engine.makeCitationCluster([{ id, 'suppress-author': true }])),
    }
  })
}

describe('author and date parts of a citation', () => {
  const entries = [...bibFiles.flatMap((f) => parseBibliography(f, readFileSync(f, 'utf8')).entries), ...awkward]

  it("are citeproc's own parts for every entry, awkward ones included", () => {
    resetFormattedEntries()
    const expected = citeprocParts(entries)
    expect(expected.length).toBeGreaterThan(400)
    for (const { entry, author, year } of expected) {
      const formatted = formatEntry(entry)
      expect({ id: entry.id, author: formatted.author, year: formatted.year }).toEqual({ id: entry.id, author, year })
    }
  })

  it('split at the last comma only when the date part reads as one', () => {
    expect(splitLabel('University of California, Berkeley, 2020')).toEqual({
      author: 'University of California, Berkeley',
      year: '2020',
    })
    expect(splitLabel('Knuth, n.d.')).toEqual({ author: 'Knuth', year: 'n.d.' })
    expect(splitLabel('Smith & Jones, 2019–2020')).toEqual({ author: 'Smith & Jones', year: '2019–2020' })
    // Not a date part: the engine is asked for each part instead.
    expect(splitLabel('Anonymous')).toBeNull()
    expect(splitLabel('Plato, ca. 380 BCE')).toBeNull()
  })
})

describe('entries formatted together', () => {
  const twins = [
    { id: 'a', type: 'article-journal', title: 'First', author: [{ family: 'Smith', given: 'Ann' }] },
    { id: 'b', type: 'article-journal', title: 'Second', author: [{ family: 'Smith', given: 'Bob' }] },
  ].map((e) => ({ ...e, issued: { 'date-parts': [[2020]] } })) as CslEntry[]
  const entries = [...parseBibliography(bibFiles[1], readFileSync(bibFiles[1], 'utf8')).entries, ...twins, ...awkward]

  it('read exactly as each formatted alone, with no disambiguation between them', () => {
    resetFormattedEntries()
    const alone = entries.map((e) => formatEntry({ ...e }))
    resetFormattedEntries()
    const copies = entries.map((e) => ({ ...e }))
    formatEntries(copies)
    expect(copies.map((e) => formatEntry(e))).toEqual(alone)
    // Two works by authors of one surname and year stay "Smith, 2020", not "2020a"/"2020b".
    expect(copies.slice(-awkward.length - 2, -awkward.length).map((e) => formatEntry(e).label)).toEqual([
      'Smith, 2020',
      'Smith, 2020',
    ])
  })
})
