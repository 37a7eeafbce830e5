import core from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import { describe, expect, it } from 'vitest'
import { apaReference, apaText, initials } from '../../../../src/shared/citation/apa.js'
import { bibtexEntry, escapeBibtex } from '../../../../src/shared/citation/bibtex.js'
import { essayCitation, scholarDate } from '../../../../src/shared/citation/essay-citation.js'
import { readPostCitation } from '../../../../src/shared/schemas/citation.js'

const site = { name: 'Scholia', ownerName: 'Ada Lovelace', baseUrl: 'https://essays.example' }

function cite(overrides: Partial<Parameters<typeof essayCitation>[0]> = {}) {
  return essayCitation(
    {
      title: 'Measures of Uncertainty',
      author: 'Ada Lovelace',
      publishedAt: '2025-05-02T00:00:00.000Z',
      slug: 'measures',
      ...overrides,
    },
    site,
  )
}

/** What a reference manager reads from the entry: citation-js, the field's BibTeX parser. */
function parseBibtex(text: string): Record<string, unknown> {
  const items = core.plugins.input.chain(text, { forceType: '@biblatex/text', generateGraph: false }) as Record<
    string,
    unknown
  >[]
  expect(items).toHaveLength(1)
  return items[0]
}

describe('essayCitation', () => {
  it('cites the post at its canonical address, on its UTC date, its authors split', () => {
    const c = cite({ author: 'Jo Nakamura and Ruth Bell', publishedAt: '2025-05-02T23:30:00-05:00' })
    expect(c.url).toBe('https://essays.example/posts/measures')
    expect(scholarDate(c.date)).toBe('2025/05/03')
    expect(c.authors.map((a) => a.name)).toEqual(['Jo Nakamura', 'Ruth Bell'])
    expect(c.siteName).toBe('Scholia')
  })

  it("is the owner's when the post names nobody", () => {
    expect(cite({ author: '' }).authors.map((a) => a.name)).toEqual(['Ada Lovelace'])
  })
})

describe('BibTeX', () => {
  it('escapes what LaTeX reads as commands', () => {
    expect(escapeBibtex('R&D: 50% of C# in x_1 {a} ~ ^ \\ $5')).toBe(
      'R\\&D: 50\\% of C\\# in x\\_1 \\{a\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\$5',
    )
  })

  it('writes an @online entry a BibTeX parser reads back whole, special characters and all', () => {
    const c = cite({
      title: 'R&D on 50% of C# x_1: {braces} and "quotes"',
      author: 'Vaswani, Ashish; Procter and Gamble; Martin Luther King, Jr.; Zoë Müller',
      citation: {
        doi: '10.5281/zenodo.1234567',
        version: '2.1',
        archive: 'https://web.archive.org/web/2025/x?a=1%20b#c',
      },
    })
    const entry = bibtexEntry(c)
    expect(entry).toMatch(/^@online\{vaswani2025braces,\n/)
    expect(entry).toContain(
      'author = {Vaswani, Ashish and {Procter and Gamble} and King, Jr., Martin Luther and Zoë Müller}',
    )
    expect(entry).toContain('month = may,')
    const read = parseBibtex(entry)
    expect(read).toMatchObject({
      type: 'webpage',
      title: 'R&D on 50% of C# x_1: {braces} and "quotes"',
      URL: 'https://essays.example/posts/measures',
      DOI: '10.5281/zenodo.1234567',
      version: '2.1',
      publisher: 'Scholia',
      issued: { 'date-parts': [[2025, 5]] },
      author: [
        { family: 'Vaswani', given: 'Ashish' },
        { family: 'Procter and Gamble' },
        { family: 'King', given: 'Martin Luther', suffix: 'Jr.' },
        { family: 'Müller', given: 'Zoë' },
      ],
    })
    expect(read.note).toBe('Archived at https://web.archive.org/web/2025/x?a=1%20b#c')
  })

  it('joins many authors with " and ", and "et al." as "and others"', () => {
    const many = Array.from({ length: 13 }, (_, i) => `Author${String.fromCharCode(65 + i)} Person`).join(', ')
    const read = parseBibtex(bibtexEntry(cite({ author: many })))
    expect((read.author as unknown[]).length).toBe(13)
    const entry = bibtexEntry(cite({ author: 'Vaswani et al.' }))
    expect(entry).toContain('author = {Vaswani and others}')
    // no DOI, version or archive: no such fields
    expect(entry).not.toMatch(/doi|version|note/)
  })
})

describe('APA', () => {
  const text = (overrides: Partial<Parameters<typeof essayCitation>[0]>) => apaText(apaReference(cite(overrides)))

  it('turns given names into initials', () => {
    expect(initials('Zachary C.')).toBe('Z. C.')
    expect(initials('Jean-Paul')).toBe('J.-P.')
    expect(initials('J.K.')).toBe('J. K.')
  })

  it('writes one, two and several authors, the date, the italic title, the site and the address', () => {
    expect(text({})).toBe(
      'Lovelace, A. (2025, May 2). Measures of Uncertainty. Scholia. https://essays.example/posts/measures',
    )
    expect(apaReference(cite({}))[1]).toEqual({ text: 'Measures of Uncertainty', italic: true })
    expect(text({ author: 'Ada Lovelace and Charles Babbage' })).toMatch(/^Lovelace, A., & Babbage, C\. \(2025/)
    expect(text({ author: 'Aston Zhang, Zachary C. Lipton, Mu Li, and Alexander J. Smola' })).toMatch(
      /^Zhang, A., Lipton, Z. C., Li, M., & Smola, A. J. \(2025, May 2\)\./,
    )
  })

  it('lists 20 authors in full, and from 21 the first 19, an ellipsis and the last', () => {
    const letter = (i: number) => String.fromCharCode(97 + i)
    const people = (n: number) => Array.from({ length: n }, (_, i) => `Given Fam${letter(i)}`).join(', ')
    expect(text({ author: people(20) })).toContain('Fams, G., & Famt, G. (2025')
    const long = text({ author: people(23) })
    expect(long).toContain('Fams, G., . . . Famw, G. (2025')
    expect(long).not.toContain('Famt')
  })

  it('uses the DOI address when there is one, and says the version', () => {
    expect(text({ citation: { doi: '10.5281/zenodo.1234567', version: 'v2', archive: null } })).toBe(
      'Lovelace, A. (2025, May 2). Measures of Uncertainty (Version 2). Scholia. https://doi.org/10.5281/zenodo.1234567',
    )
    expect(text({ title: 'Is entropy a measure?' })).toContain('Is entropy a measure? Scholia.')
  })
})

describe('readPostCitation — the front matter fields', () => {
  it('reads doi (any spelling), version and archive, and says what it cannot use', () => {
    expect(
      readPostCitation({
        DOI: 'https://doi.org/10.5281/zenodo.42',
        version: 3,
        archive_url: 'https://zenodo.org/records/42',
      }),
    ).toEqual({
      citation: { doi: '10.5281/zenodo.42', version: '3', archive: 'https://zenodo.org/records/42' },
      problems: [],
    })
    expect(readPostCitation({ citation: { doi: 'doi:10.1000/xyz' } }).citation.doi).toBe('10.1000/xyz')
    const bad = readPostCitation({ doi: 'not a doi', archive: 'ftp://x.org/a', version: '' })
    expect(bad.citation).toEqual({ doi: null, version: null, archive: null })
    expect(bad.problems).toEqual([
      expect.stringMatching(/^doi: doi must be a DOI/),
      expect.stringMatching(/^archive: archive must be an http\(s\) address/),
    ])
  })
})
