import type { Bibliography } from '../shared/schemas/index.js'

export type Entry = Bibliography['entries'][number]
export type EntryType = Entry['type']

/** Where in the essay a reference was found; the introduction counts them by this. */
export type Origin =
  'bibliography' | 'frontmatter' | 'references' | 'doi' | 'arxiv' | 'author-year' | 'cite-key' | 'link'

export interface Found {
  origin: Origin
  entry: Omit<Entry, 'id'>
}

/** An entry with every field the schema knows, unknown ones null (fields are never guessed). */
export function entry(fields: Partial<Omit<Entry, 'id'>> & { title: string; type: EntryType }): Omit<Entry, 'id'> {
  return {
    type: fields.type,
    year: fields.year ?? null,
    title: fields.title.trim(),
    authors: fields.authors ?? [],
    publication: fields.publication ?? null,
    volume: fields.volume ?? null,
    issue: fields.issue ?? null,
    pages: fields.pages ?? null,
    relevance: fields.relevance ?? null,
    quote: fields.quote ?? null,
    url: fields.url ?? null,
    doi: fields.doi ?? null,
    isbn: fields.isbn ?? null,
  }
}

export const DOI = /\b(10\.\d{4,9}\/[^\s"'<>{}|\\^`]+)/
export const ARXIV_ID =
  /(?:arxiv\.org\/(?:abs|pdf)\/|arxiv[:.]\s?)((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?)/i

/** A DOI without the punctuation that ends the sentence around it. */
export function cleanDoi(raw: string): string {
  let doi = raw.replace(/[.,;:]+$/, '')
  // A closing bracket belongs to the DOI only when it opens one too.
  while (/[)\]]$/.test(doi) && (doi.match(/[([]/g)?.length ?? 0) < (doi.match(/[)\]]/g)?.length ?? 0))
    doi = doi.slice(0, -1)
  return doi.replace(/\.pdf$/i, '')
}

/** The same address however it was written: no fragment, no `www.`, no trailing slash, host in lower case. */
export function urlKey(url: string): string {
  try {
    const u = new URL(url)
    return `${u.hostname.replace(/^www\./, '').toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`
  } catch {
    return url.trim().toLowerCase()
  }
}

const RESEARCH_HOSTS =
  /(?:^|\.)(?:arxiv\.org|openreview\.net|biorxiv\.org|medrxiv\.org|ssrn\.com|papers\.nips\.cc|proceedings\.neurips\.cc|proceedings\.mlr\.press|aclanthology\.org|jmlr\.org|semanticscholar\.org|researchgate\.net|hal\.science|osf\.io)$/
const JOURNAL_HOSTS =
  /(?:^|\.)(?:doi\.org|sciencedirect\.com|springer\.com|link\.springer\.com|wiley\.com|nature\.com|science\.org|jstor\.org|pnas\.org|plos\.org|ieee\.org|acm\.org|tandfonline\.com|sagepub\.com|oup\.com|cambridge\.org|journals\.[\w.-]+|pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov|aps\.org|ams\.org|siam\.org|projecteuclid\.org|elsevier\.com|mdpi\.com|frontiersin\.org|biomedcentral\.com)$/
const BOOK_HOSTS =
  /(?:^|\.)(?:books\.google\.[a-z.]+|amazon\.[a-z.]+|oreilly\.com|manning\.com|mitpress\.mit\.edu|press\.princeton\.edu|worldcat\.org|isbnsearch\.org|goodreads\.com|nostarch\.com|pragprog\.com)$/
const ARTICLE_HOSTS =
  /(?:^|\.)(?:medium\.com|substack\.com|wordpress\.com|blogspot\.com|quantamagazine\.org|nytimes\.com|theguardian\.com|wired\.com|economist\.com|newyorker\.com)$/

/** The entry type a web address suggests: preprint servers are research, publishers journals, etc. */
export function typeForUrl(url: string): EntryType {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return 'website'
  }
  const host = u.hostname.toLowerCase()
  const path = u.pathname.toLowerCase()
  if (RESEARCH_HOSTS.test(host)) return 'research'
  if (BOOK_HOSTS.test(host) || (/\/books?\//.test(path) && JOURNAL_HOSTS.test(host))) return 'book'
  if (JOURNAL_HOSTS.test(host)) return 'journal'
  if (ARTICLE_HOSTS.test(host) || path.endsWith('.pdf')) return 'article'
  return 'website'
}

/**
 * Author names from how references write them: "Soch J, Allefeld C, Haynes JD" (surname and
 * initials), "Koch, Karl-Rudolf" (one author, surname first), "A and B", "A; B", "A & B".
 */
export function parseAuthors(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(parseAuthors)
  if (typeof raw !== 'string') return []
  const text = raw.replace(/\s+/g, ' ').trim()
  if (!text) return []
  if (text.includes(';'))
    return text
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
  const parts = text
    .split(/,?\s+(?:and|&)\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
  return parts.flatMap((part) => {
    const pieces = part.split(/\s*,\s*/).filter(Boolean)
    // "Surname Initials, Surname Initials": each piece is a person.
    if (pieces.length > 1 && pieces.every((p) => /^[\p{L}'’-]+(?: [\p{L}'’-]+)* \p{Lu}{1,3}$/u.test(p))) return pieces
    // "Surname, F. M., Surname, F." pairs.
    if (
      pieces.length > 2 &&
      pieces.length % 2 === 0 &&
      pieces.every((p, i) => i % 2 === 0 || /^(?:\p{Lu}\.?\s?-?)+$/u.test(p))
    ) {
      const people: string[] = []
      for (let i = 0; i < pieces.length; i += 2) people.push(`${pieces[i]}, ${pieces[i + 1]}`)
      return people
    }
    return [part]
  })
}

/** Volume, issue and pages out of a free "pages" text like "vol. 209, iss. 3, pp. 186-195". */
export function parseLocator(text: string): { volume: string | null; issue: string | null; pages: string | null } {
  const vol = /\bvol(?:ume)?\b\.?\s*(\d[\w.-]*)/i.exec(text)
  const iss = /\b(?:iss(?:ue)?|no|num(?:ber)?)\b\.?\s*(\d[\w.-]*)/i.exec(text)
  const pp = /\bpp?\.\s*(\d[\w]*(?:\s*[-–]\s*[\w]+)?)/i.exec(text)
  // Whatever else the text says ("art. 116449, eq. A.10") stays, as pages, rather than being lost.
  const rest = [vol, iss, pp]
    .reduce((t, m) => (m ? t.replace(m[0], '') : t), text)
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .replace(/\s*,\s*(?:,\s*)+/g, ', ')
  return {
    volume: vol?.[1].replace(/[.,]$/, '') ?? null,
    issue: iss?.[1].replace(/[.,]$/, '') ?? null,
    pages: pp?.[1] ?? (rest || null),
  }
}

/** The first four-digit year from 1500 to 2099 in a text (not the clock's: output must not change with it). */
export function yearIn(text: string): number | null {
  const m = /\b(1[5-9]\d\d|20\d\d)\b/.exec(text)
  return m ? Number(m[1]) : null
}
