import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import core from '@citation-js/core'
import CSL from 'citeproc'
import { beforeEach, describe, expect, it } from 'vitest'
import { parseBibliography } from '../../../src/importer/bibliography/parse-bibliography.js'
import {
  entryKey,
  formatEntry,
  resetFormattedEntries,
  styleWithoutSort,
  useFormattedEntryStore,
  type FormattedEntry,
} from '../../../src/markdown/citations/csl-engine.js'
import type { CslEntry } from '../../../src/shared/schemas/index.js'
import { projectRoot } from '../../helpers/temp-dir.js'

const fixtures = join(projectRoot, 'tests', 'fixtures')
const bibFiles = [
  join(fixtures, 'citations', 'refs.bib'),
  join(fixtures, 'distill', 'assets', 'bibliography', '2024-05-14-notes-in-the-margin.bib'),
]
const entries = bibFiles.flatMap((path) => parseBibliography(path, readFileSync(path, 'utf8')).entries)
const goodfellow = entries.find((e) => e.id === 'goodfellow2016')!

/** A Map standing in for the data folder's cache, counting what goes in and out. */
function memoryStore(): FormattedEntryStoreSpy {
  const values = new Map<string, FormattedEntry>()
  const spy = {
    values,
    gets: 0,
    sets: 0,
    get: (key: string) => (spy.gets++, values.get(key)),
    set: (key: string, value: FormattedEntry) => (spy.sets++, void values.set(key, value)),
  }
  return spy
}
type FormattedEntryStoreSpy = {
  values: Map<string, FormattedEntry>
  gets: number
  sets: number
  get(key: string): FormattedEntry | undefined
  set(key: string, value: FormattedEntry): void
}

beforeEach(() => resetFormattedEntries())

describe('the APA engine without <sort>', () => {
  it('formats every entry exactly as the full style does (one entry per cluster and bibliography: nothing to sort)', () => {
    const csl = core.plugins.config.get('@csl')
    const items = new Map<string, unknown>()
    const full = new CSL.Engine(
      {
        retrieveLocale: (lang) => csl.locales.get(lang) ?? csl.locales.get('en-US'),
        retrieveItem: (id) => items.get(id),
      },
      csl.styles.get('apa')!,
      'en-US',
      true,
    )
    full.opt.development_extensions.wrap_url_and_doi = true
    const strip = (t: string) =>
      t
        .trim()
        .replace(/^\((.*)\)$/s, '$1')
        .trim()
    const types = [
      'article-journal',
      'book',
      'chapter',
      'paper-conference',
      'report',
      'thesis',
      'webpage',
      'entry-encyclopedia',
      'software',
      'motion_picture',
    ]
    const cases: CslEntry[] = [
      ...entries,
      ...types.flatMap((type) => entries.map((e) => ({ ...e, type }))),
      { id: 'anon', type: 'book', title: 'No Author Here', issued: { 'date-parts': [[1999]] } },
      {
        id: 'undated',
        type: 'article-journal',
        title: 'Undated',
        author: [{ family: 'Roe', given: 'Jane' }],
        'container-title': 'J',
      },
      {
        id: 'edited',
        type: 'book',
        title: 'Edited',
        editor: [
          { family: 'Poe', given: 'Ed' },
          { family: 'Lowe', given: 'Al' },
        ],
        issued: { 'date-parts': [[2001, 5]] },
      },
    ]
    expect(styleWithoutSort()).not.toContain('<sort>')
    cases.forEach((entry, i) => {
      const id = `full${i}`
      items.set(id, { ...entry, id })
      full.setOutputFormat('text')
      const label = strip(full.makeCitationCluster([{ id }]))
      const author = full.makeCitationCluster([{ id, 'author-only': true }]).trim()
      const year = strip(full.makeCitationCluster([{ id, 'suppress-author': true }]))
      full.setOutputFormat('html')
      full.updateItems([id])
      const bibliography = full.makeBibliography()
      const html = bibliography ? bibliography[1].join('').trim() : ''
      expect(formatEntry(structuredClone(entry)), `${entry.id} as ${entry.type}`).toEqual({ label, author, year, html })
    })
  })
})

describe('formatted entries are cached by content', () => {
  it('two objects of the same fields share one formatting; any changed field is formatted again', () => {
    const first = formatEntry({ ...goodfellow })
    expect(formatEntry({ ...goodfellow })).toBe(first)
    // The author's key is not part of the formatting: another key, same work.
    expect(formatEntry({ ...goodfellow, id: 'dlbook' })).toBe(first)
    const retitled = formatEntry({ ...goodfellow, title: 'Deeper Learning' })
    expect(retitled).not.toBe(first)
    expect(retitled.html).toContain('Deeper Learning')
    expect(formatEntry({ ...goodfellow, issued: { 'date-parts': [[2017]] } }).label).toBe('Goodfellow et al., 2017')
  })

  it('a store is asked before the engine runs and given what it formats, by the entry’s key', () => {
    const store = memoryStore()
    const entry = { ...goodfellow }
    useFormattedEntryStore([entry], store)
    const formatted = formatEntry(entry)
    expect(store.sets).toBe(1)
    expect(store.values.get(entryKey(entry))).toEqual(formatted)

    // A new thread: nothing in memory, the store answers (a planted value shows it was read).
    resetFormattedEntries()
    const planted = { ...formatted, html: 'from the store' }
    store.values.set(entryKey(entry), planted)
    const again = { ...goodfellow }
    useFormattedEntryStore([again], store)
    expect(formatEntry(again)).toEqual(planted)
    expect(store.sets).toBe(1)

    // The same entry edited in its .bib: a new key, so it is formatted, never served stale.
    const edited = { ...goodfellow, title: 'Deep Learning, Second Edition' }
    useFormattedEntryStore([edited], store)
    expect(entryKey(edited)).not.toBe(entryKey(entry))
    expect(formatEntry(edited).html).toContain('Deep Learning, Second Edition')
    expect(store.sets).toBe(2)
  })

  it('an entry citeproc cannot format shows its id and title, and is not kept in the store', () => {
    const store = memoryStore()
    const broken = { id: 'broken', type: 'book', title: 'Broken <Title>', author: [null] } as unknown as CslEntry
    useFormattedEntryStore([broken], store)
    expect(formatEntry(broken)).toEqual({
      label: 'broken',
      author: 'broken',
      year: 'n.d.',
      html: 'Broken &lt;Title&gt;',
    })
    expect(store.sets).toBe(0)
    // The engine goes on formatting the next entry.
    expect(formatEntry({ ...goodfellow }).label).toBe('Goodfellow et al., 2016')
  })
})
