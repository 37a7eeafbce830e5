import { cleanDoi, DOI, entry, parseAuthors, parseLocator, yearIn, type Found } from './entry.js'
import { parseReferenceText, typeOf } from './reference-text.js'

/** Frontmatter keys that list the works an essay relies on. */
const KEYS = new Set([
  'sources',
  'references',
  'bibliography',
  'citations',
  'refs',
  'works_cited',
  'further_reading',
  'reading',
])

const pick = (o: Record<string, unknown>, ...names: string[]): unknown => {
  for (const n of names) {
    const key = Object.keys(o).find((k) => k.toLowerCase() === n)
    if (key !== undefined && o[key] !== null && o[key] !== '') return o[key]
  }
  return undefined
}
const text = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null

/**
 * The works a frontmatter `sources` (or `references`, `bibliography`…) list names: each item a
 * text, read like a reference-list line, or a record whose fields map onto the entry's
 * (statproofbook writes `authors, year, title, in, pages, url, doi`).
 */
export function frontmatterSources(frontmatter: Record<string, unknown>): Found[] {
  const found: Found[] = []
  for (const [key, value] of Object.entries(frontmatter)) {
    if (!KEYS.has(key.toLowerCase())) continue
    const items = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(/\n+/)
        : value && typeof value === 'object'
          ? [value]
          : []
    for (const item of items) {
      const draft =
        typeof item === 'string'
          ? parseReferenceText(item, null)
          : item && typeof item === 'object' && !Array.isArray(item)
            ? fromRecord(item as Record<string, unknown>)
            : null
      if (draft) found.push({ origin: 'frontmatter', entry: draft })
    }
  }
  return found
}

function fromRecord(o: Record<string, unknown>): Found['entry'] | null {
  const url = text(pick(o, 'url', 'link', 'href', 'web'))
  const rawDoi = text(pick(o, 'doi'))
  const doi = rawDoi ? cleanDoi(DOI.exec(rawDoi)?.[1] ?? rawDoi) : null
  const isbn = text(pick(o, 'isbn'))
  const publication = text(
    pick(o, 'in', 'journal', 'publication', 'booktitle', 'container', 'publisher', 'venue', 'source', 'website'),
  )
  const title = text(pick(o, 'title', 'name', 'label')) ?? publication ?? url ?? doi
  if (!title) return null
  const locatorText = text(pick(o, 'pages', 'page', 'pp')) ?? ''
  const locator = parseLocator(locatorText)
  const volume = text(pick(o, 'volume', 'vol')) ?? locator.volume
  const issue = text(pick(o, 'issue', 'number', 'no')) ?? locator.issue
  const yearText = text(pick(o, 'year', 'date'))
  const year = yearText ? (yearIn(yearText) ?? yearText) : null
  return entry({
    type: typeOf({ url, doi, isbn, publication, volume, text: `${publication ?? ''} ${locatorText}` }),
    title,
    authors: parseAuthors(pick(o, 'authors', 'author', 'by', 'creator')),
    year,
    publication,
    volume,
    issue,
    pages: locator.pages,
    url,
    doi,
    isbn,
  })
}
