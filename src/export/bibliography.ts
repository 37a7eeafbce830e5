import { withCitedEntries } from '../bibliography/cited-references.js'
import { parseBibliography } from '../shared/bibliography.js'
import type { Bibliography } from '../shared/schemas/enhancements.js'
import type { CslEntry } from '../shared/schemas/index.js'
import { latexCiteKey } from './citations.js'
import { authorLabel, cslNames } from '../bibliography/cited-entries.js'
import { asciiKey, escapeText, latexUrl } from './latex-text.js'

type Entry = Bibliography['entries'][number]

export interface BibliographyOptions {
  /** The entries the essay cites (`body.document.references`), listed first under the keys its `\\cite`s use. */
  references?: readonly CslEntry[]
  /** The keys the text cites; when there are any, natbib is loaded and every `\\bibitem` needs its author–year label. */
  citedKeys?: ReadonlySet<string>
}

/**
 * The post's bibliography (its JSON text, read as leniently as the site reads it) as a
 * `thebibliography` list; '' when there is none or it cannot be read, as the site omits it then.
 * The essay's cited entries come first, each under the key its `\\citep`/`\\citet` use, and an
 * entry of the generated bibliography naming the same work is not listed twice.
 */
export function bibliographyLatex(json: string | null | undefined, options: BibliographyOptions = {}): string {
  const references = options.references ?? []
  const natbib = (options.citedKeys?.size ?? 0) > 0 || references.length > 0
  const generated = parseBibliography(json)
  if (!generated && references.length === 0) return ''
  const bibliography = withCitedEntries(generated ?? { introduction: '', entries: [], furtherReading: [] }, references)
  const citedIds = new Set(references.map((r) => r.id))
  const keys = new Set<string>()
  const items = bibliography.entries.map((entry, i) => {
    const source = citedIds.has(entry.id) ? references.find((r) => r.id === entry.id) : undefined
    const citeKey = latexCiteKey(entry.id)
    // A generated entry whose id is a key the text cites (made from the essay's own entries earlier) answers that \\cite.
    let key =
      (source || options.citedKeys?.has(citeKey)) && citeKey ? citeKey : `ref:${asciiKey(entry.id) || String(i + 1)}`
    while (keys.has(key)) key += '+'
    keys.add(key)
    const shown = source ? { ...entry, authors: displayNames(source) } : entry
    // The names of an author's entry are read from its fields, not guessed back from display text.
    const label = natbib ? `[${natbibLabel(shown, source ? authorLabel(source) : undefined)}]` : ''
    return `\\bibitem${label}{${key}}\n${bibitemText(shown)}`
  })
  const further = bibliography.furtherReading.filter((s) => s.trim() !== '')
  const parts: string[] = []
  if (items.length > 0) parts.push(`\\begin{thebibliography}{99}\n\n${items.join('\n\n')}\n\n\\end{thebibliography}`)
  if (further.length > 0) {
    parts.push(
      `\\section*{Further reading}\n\\begin{itemize}\n${further.map((s) => `\\item ${escapeText(s.trim())}`).join('\n')}\n\\end{itemize}`,
    )
  }
  return parts.join('\n\n')
}

/** Authors. Title. Publication, volume(issue), pages, year. DOI or address. */
function bibitemText(entry: Entry): string {
  const authors = joinAuthors(entry.authors.map((a) => a.trim()).filter(Boolean))
  const book = entry.type === 'book'
  const title = entry.title.trim()
  const blocks: string[] = []
  if (authors) blocks.push(`${escapeText(authors)}.`)
  if (title) blocks.push(book ? `\\emph{${escapeText(title)}}.` : `${escapeText(title)}.`)
  const where: string[] = []
  const publication = entry.publication?.trim()
  if (publication) where.push(book ? escapeText(publication) : `\\emph{${escapeText(publication)}}`)
  const volume = entry.volume?.trim()
  const issue = entry.issue?.trim()
  if (volume) where.push(escapeText(volume) + (issue ? `(${escapeText(issue)})` : ''))
  else if (issue) where.push(`no.~${escapeText(issue)}`)
  if (entry.pages?.trim()) where.push(`pp.~${escapeText(entry.pages.trim())}`)
  const year = entry.year === null || entry.year === undefined ? '' : String(entry.year).trim()
  if (year) where.push(escapeText(year))
  if (where.length > 0) blocks.push(`${where.join(', ')}.`)
  const doi = entry.doi?.trim().replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
  if (doi) blocks.push(`\\href{${latexUrl(`https://doi.org/${doi}`)}}{doi:${escapeText(doi)}}`)
  else if (entry.url?.trim() && /^https?:\/\//i.test(entry.url.trim()))
    blocks.push(`\\url{${latexUrl(entry.url.trim())}}`)
  if (entry.isbn?.trim()) blocks.push(`ISBN~${escapeText(entry.isbn.trim())}.`)
  return blocks.join('\n\\newblock ')
}

/** "Ashish Vaswani", "Jane Roe", and "et al." when the author's list stops there. */
function displayNames(entry: CslEntry): string[] {
  const { names, truncated } = cslNames(entry)
  return [...names.map((n) => [n.given, n.family].filter(Boolean).join(' ')), ...(truncated ? ['et al.'] : [])]
}

/**
 * natbib's author–year label, `Vaswani et~al.(2017)`: natbib takes the text before the first
 * `(` for the names and what is inside the brackets for the year, and fails the compilation
 * ("Bibliography not compatible with author-year citations") when one entry has no year, hence
 * "n.d.". Brackets and parentheses would end the label early: they are dropped.
 */
function natbibLabel(entry: Entry, names?: string): string {
  const people = entry.authors.map((a) => a.trim()).filter((a) => a && !/^et\.? al\.?$/i.test(a))
  const truncated = people.length < entry.authors.filter((a) => a.trim()).length
  const surname = (name: string) => (name.includes(',') ? name.split(',')[0] : (name.split(/\s+/).pop() ?? name)).trim()
  let who: string
  if (names) who = names
  else if (people.length === 0) who = shortText(entry.title) || shortText(entry.publication ?? '') || 'Anonymous'
  else if (people.length === 1) who = `${surname(people[0])}${truncated ? ' et al.' : ''}`
  else if (people.length === 2 && !truncated) who = `${surname(people[0])} and ${surname(people[1])}`
  else who = `${surname(people[0])} et al.`
  const year =
    entry.year === null || entry.year === undefined || String(entry.year).trim() === ''
      ? 'n.d.'
      : String(entry.year).trim()
  const clean = (text: string) =>
    escapeText(
      text
        .replace(/[()[\]]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).replace(/ et al\./g, ' et~al.')
  return `${clean(who)}(${clean(year) || 'n.d.'})`
}

function shortText(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean)
  return words.length > 5 ? `${words.slice(0, 5).join(' ')}…` : words.join(' ')
}

function joinAuthors(names: string[]): string {
  if (names.length <= 2) return names.join(' and ')
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`
}
