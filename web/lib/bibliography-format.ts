import type { Bibliography } from '../../src/shared/schemas/enhancements.js'

export type BibliographyEntry = Bibliography['entries'][number]

/** One piece of a formatted reference: plain text, an italic title, or a link. */
export type CitationPart =
  { kind: 'text'; text: string } | { kind: 'title'; text: string } | { kind: 'link'; text: string; href: string }

export const ENTRY_TYPE_LABELS: Record<BibliographyEntry['type'], string> = {
  book: 'Book',
  journal: 'Journal article',
  article: 'Article',
  website: 'Website',
  research: 'Research paper',
}

const clean = (s: string | number | null | undefined): string =>
  s === null || s === undefined ? '' : String(s).replace(/\s+/g, ' ').trim()

/** An http(s) address as given, or null for anything else (javascript:, relative, garbage). */
export function safeHttpUrl(url: string | null | undefined): string | null {
  const u = clean(url)
  if (!u) return null
  try {
    const parsed = new URL(u)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

/** A DOI without its usual prefixes ('doi:', 'https://doi.org/'), or null when it is no DOI. */
export function normaliseDoi(doi: string | null | undefined): string | null {
  const d = clean(doi)
    .replace(/^doi:\s*/i, '')
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
  return /^10\.\S+\/\S+$/.test(d) ? d : null
}

/** Where a DOI resolves: https://doi.org/{doi}, each path character kept but URL-safe. */
export function doiHref(doi: string): string {
  return `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`
}

/** 'A', 'A and B', 'A, B, and C'; more than three names read 'A et al.'. */
export function formatAuthors(authors: readonly string[]): string {
  const names = authors.map(clean).filter(Boolean)
  if (names.length === 0) return ''
  if (names.length === 1) return names[0]
  if (names.length === 2) return `${names[0]} and ${names[1]}`
  if (names.length === 3) return `${names[0]}, ${names[1]}, and ${names[2]}`
  return `${names[0]} et al.`
}

/** Ends a sentence unless it already ends with punctuation. */
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`)

/**
 * A reference in a plain author–date style, by entry type:
 * - book: Authors (Year). *Title*. Publisher. ISBN …
 * - journal, research: Authors (Year). Title. *Publication*, Volume(Issue), pages.
 * - article: Authors (Year). Title. *Publication*, pages.
 * - website: Authors (Year). *Title*. Site.
 * then ISBN, the DOI (linked to doi.org) and the address (linked when http(s)).
 */
export function formatCitation(entry: BibliographyEntry): CitationPart[] {
  const parts: CitationPart[] = []
  const text = (t: string) => {
    const prev = parts[parts.length - 1]
    if (prev?.kind === 'text') prev.text += t
    else parts.push({ kind: 'text', text: t })
  }
  const authors = formatAuthors(entry.authors)
  const year = clean(entry.year)
  const title = clean(entry.title)
  const publication = clean(entry.publication)
  const volume = clean(entry.volume)
  const issue = clean(entry.issue)
  const pages = clean(entry.pages)

  if (authors) text(`${authors} `)
  text(year ? `(${year}). ` : authors ? '(n.d.). ' : '')

  const italicTitle = entry.type === 'book' || entry.type === 'website'
  if (title) {
    if (italicTitle) {
      parts.push({ kind: 'title', text: title })
      text(/[.!?]$/.test(title) ? ' ' : '. ')
    } else {
      text(`${sentence(title)} `)
    }
  }

  if (entry.type === 'book' || entry.type === 'website') {
    if (publication) text(`${sentence(publication)} `)
  } else if (publication) {
    parts.push({ kind: 'title', text: publication })
    const volumePart = volume ? `${volume}${issue ? `(${issue})` : ''}` : issue ? `(${issue})` : ''
    const details = [
      entry.type === 'article' ? '' : volumePart,
      pages ? (/^\d+\s*[-–]\s*\d+$/.test(pages) ? pages.replace(/\s*[-–]\s*/, '–') : pages) : '',
    ]
      .filter(Boolean)
      .join(', ')
    text(details ? `, ${details}. ` : '. ')
  } else if (pages) {
    text(`pp. ${pages}. `)
  }

  const isbn = clean(entry.isbn)
  if (isbn) text(`ISBN ${isbn}. `)

  const doi = normaliseDoi(entry.doi)
  const url = safeHttpUrl(entry.url)
  if (doi) parts.push({ kind: 'link', text: `https://doi.org/${doi}`, href: doiHref(doi) })
  // an address that is only the DOI again is not repeated
  if (url && !(doi && url.toLowerCase().includes(doi.toLowerCase()))) {
    if (doi) text(' ')
    parts.push({ kind: 'link', text: url, href: url })
  } else if (!url && clean(entry.url)) {
    text(`${doi ? ' ' : ''}${clean(entry.url)}`)
  }

  // no trailing space at the end
  const last = parts[parts.length - 1]
  if (last?.kind === 'text') {
    last.text = last.text.trimEnd()
    if (!last.text) parts.pop()
  }
  return parts
}

/** The citation as plain text (for tests, copy and the accessible name). */
export function citationText(parts: readonly CitationPart[]): string {
  return parts.map((p) => p.text).join('')
}
