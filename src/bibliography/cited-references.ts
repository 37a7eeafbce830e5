import { cslDoi, cslNames, cslText, cslUrl, cslVenue, cslYear } from './cited-entries.js'
import type { Bibliography, CslEntry } from '../shared/schemas/index.js'
import { typeForUrl, urlKey, type Entry, type EntryType } from './entry.js'

/**
 * The spec's five entry types (book, journal, article, website, research) for CSL types, as
 * citation-js reads BibTeX: @book/@incollection → book; @article → journal (a journal
 * article); magazine and newspaper pieces → article; @inproceedings, theses and unpublished
 * papers → research; @misc, @online, web pages and reports → website.
 */
const TYPES: Record<string, EntryType> = {
  book: 'book',
  chapter: 'book',
  'entry-encyclopedia': 'book',
  'entry-dictionary': 'book',
  'article-journal': 'journal',
  review: 'journal',
  article: 'article',
  'article-magazine': 'article',
  'article-newspaper': 'article',
  'paper-conference': 'research',
  thesis: 'research',
  manuscript: 'research',
  speech: 'research',
  dataset: 'research',
  webpage: 'website',
  post: 'website',
  'post-weblog': 'website',
  report: 'website',
  document: 'website',
  software: 'website',
}

/** What the reader is told about an entry that comes from the author, not from a generator. */
export const CITED_RELEVANCE = 'Cited in the essay; entry from the author’s own bibliography.'

/** The type of a CSL entry; a preprint filed as @misc or @online (arXiv, OpenReview…) is research. */
export function entryTypeOf(entry: CslEntry): EntryType {
  const type = TYPES[entry.type] ?? 'website'
  const url = cslUrl(entry) || (cslDoi(entry).startsWith('10.48550/') ? `https://doi.org/${cslDoi(entry)}` : '')
  const arxiv = /arxiv/i.test(
    `${cslText(entry, 'archive')} ${cslText(entry, 'publisher')} ${cslText(entry, 'container-title')}`,
  )
  if ((type === 'website' || type === 'article') && (arxiv || (url && typeForUrl(url) === 'research')))
    return 'research'
  return type
}

/** The essay's cited entries as bibliography entries, in citation order; the id is the author's key. */
export function citedEntries(references: readonly CslEntry[]): Entry[] {
  return references.map((ref) => {
    const { names, truncated } = cslNames(ref)
    // "Ashish Vaswani": a list of "Family, Given" names reads ambiguously once joined with commas.
    const authors = names.map((n) => [n.given, n.family].filter(Boolean).join(' '))
    if (truncated) authors.push('et al.')
    const year = cslYear(ref)
    const type = entryTypeOf(ref)
    return {
      id: ref.id,
      type,
      year: year && /^\d{4}$/.test(year) ? Number(year) : year,
      title: cslText(ref, 'title') || ref.id,
      authors,
      publication: (type === 'book' && ref.type === 'book' ? cslText(ref, 'publisher') : cslVenue(ref)) || null,
      volume: cslText(ref, 'volume') || null,
      issue: cslText(ref, 'issue') || null,
      pages: cslText(ref, 'page').replace(/\s*-{1,2}\s*/g, '–') || null,
      relevance: CITED_RELEVANCE,
      quote: null,
      url: cslUrl(ref) || null,
      doi: cslDoi(ref) || null,
      isbn: cslText(ref, 'ISBN') || null,
    }
  })
}

/** The ways two entries are known to be one work: DOI, address, or title. */
export function workIdentities(e: Pick<Entry, 'doi' | 'url' | 'title'>): string[] {
  const keys: string[] = []
  const doi = e.doi
    ?.trim()
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
    .toLowerCase()
  if (doi) keys.push(`doi:${doi}`)
  if (e.url?.trim()) keys.push(`url:${urlKey(e.url.trim())}`)
  const title = e.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  if (title.length >= 8) keys.push(`title:${title}`)
  return keys
}

/**
 * A generated bibliography with the essay's cited entries first, exactly as the author's
 * bibliography gives them. A generated entry naming the same work (same DOI, address or title)
 * is left out; the rest follow with ids that do not clash with the authors' keys. Without
 * cited entries, the bibliography is returned as it is.
 */
export function withCitedEntries(generated: Bibliography, references: readonly CslEntry[] | undefined): Bibliography {
  const cited = citedEntries(references ?? [])
  if (cited.length === 0) return generated
  const seen = new Set(cited.flatMap(workIdentities))
  const ids = new Set(cited.map((e) => e.id))
  const rest: Entry[] = []
  for (const entry of generated.entries) {
    if (ids.has(entry.id) && cited.some((c) => c.id === entry.id && c.title === entry.title)) continue
    const keys = workIdentities(entry)
    if (keys.some((k) => seen.has(k))) continue
    for (const k of keys) seen.add(k)
    rest.push({ ...entry, id: uniqueId(entry.id, ids) })
  }
  return { ...generated, entries: [...cited, ...rest] }
}

function uniqueId(id: string, used: Set<string>): string {
  let out = id
  for (let n = 2; used.has(out); n++) out = `${id}-${n}`
  used.add(out)
  return out
}
