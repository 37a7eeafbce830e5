import { cleanDoi, DOI, entry, parseAuthors, typeForUrl, yearIn, type Entry, type EntryType } from './entry.js'

type Draft = Omit<Entry, 'id'>

const QUOTED = /[“"]([^”"]{3,300})[”"]/
/** "Surname, F. M. (2017). Title. Rest" and "Surname F (2017): Title" */
const YEAR_SPLIT = /^(.{2,300}?)[\s,]*\(?\b(1[5-9]\d\d|20\d\d)[a-z]?\b\)?[.:,]?\s+(.+)$/s
/** Words of book imprints; a journal article names a volume or a DOI instead. */
const BOOK_WORDS =
  /\b(?:press|publishers?|edition|ed\.|springer|wiley|elsevier|o'reilly|addison[- ]wesley|prentice[- ]hall|mcgraw[- ]hill|pearson|chapman|crc|birkh[aä]user|dover|routledge)\b/i
const INITIAL_END = /(?:^|\s)\p{Lu}\.$/u

/**
 * One item of a reference list, as the essay writes it, read into entry fields. The title is
 * the quoted part, or the part after the authors and year, or the first sentence; the rest of
 * the item gives the publication, volume, issue and pages when it has them.
 */
export function parseReferenceText(text: string, url: string | null): Draft | null {
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/^\[?\d{1,3}[\].)]\s*/, '')
    .trim()
  if (clean.length < 3) return null
  const doiMatch = DOI.exec(clean)
  const doi = doiMatch ? cleanDoi(doiMatch[1]) : null
  const address = url ?? /https?:\/\/\S+[^\s.,;)]/.exec(clean)?.[0] ?? null
  const withoutLinks = clean
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\b(?:doi:\s*)?10\.\d{4,9}\/\S+/gi, '')
    .trim()

  let authors: string[] = []
  let title: string
  let rest: string
  const quoted = QUOTED.exec(withoutLinks)
  const split = YEAR_SPLIT.exec(withoutLinks)
  if (split && looksLikeAuthors(split[1])) {
    // Trailing punctuation goes, but not the full stop of a final initial ("Betancourt, M.").
    authors = parseAuthors(split[1].replace(/[,\s]+$/, '').replace(/(?<!(?:^|[\s.-])\p{Lu})\.$/u, ''))
    const after = split[3]
    const t = quoted && after.includes(quoted[0]) ? quoted[1] : firstSentence(after)
    title = t
    rest = after.slice(after.indexOf(t) + t.length)
  } else if (quoted) {
    title = quoted[1]
    rest = withoutLinks.slice(quoted.index + quoted[0].length)
    const before = withoutLinks.slice(0, quoted.index).replace(/[.,:\s]+$/, '')
    if (looksLikeAuthors(before)) authors = parseAuthors(before)
  } else {
    title = firstSentence(withoutLinks)
    rest = withoutLinks.slice(title.length)
  }
  title = title.replace(/^[“"'‘]+|[”"'’.,:;]+$/g, '').trim()
  if (!title) title = withoutLinks || doi || address || ''
  if (!title) return null

  const publication =
    /\bIn:?\s+([^.]{3,200})/.exec(rest)?.[1].trim() ??
    (rest
      .replace(/^[\s.,:;]+/, '')
      .split(/[.,]/)[0]
      ?.trim() ||
      null)
  const numbers = /(\d+)\s*\((\d+)\)/.exec(rest)
  const pages = /(?:pp?\.\s*)?\b(\d+\s*[-–]\s*\d+)\b/.exec(rest)?.[1] ?? null
  const isbn = /\bISBN[:\s]*([\d-]{10,17}X?)/i.exec(clean)?.[1] ?? null
  const year = yearIn(split?.[2] ?? withoutLinks)
  return entry({
    type: typeOf({ url: address, doi, isbn, publication, volume: numbers?.[1] ?? null, text: clean }),
    title,
    authors,
    year,
    publication: publication && publication !== title ? publication : null,
    volume: numbers?.[1] ?? null,
    issue: numbers?.[2] ?? null,
    pages,
    url: address,
    doi,
    isbn,
  })
}

function looksLikeAuthors(text: string): boolean {
  const t = text.trim()
  if (t.length < 2 || t.length > 300) return false
  const words = t.split(/\s+/)
  return /^\p{Lu}/u.test(t) && words.length <= 40 && (/[,&;]|\band\b|et al/.test(t) || words.length <= 4)
}

/** Up to the first full stop that is not after an initial ("M. Smith"). */
function firstSentence(text: string): string {
  const t = text.trim()
  for (const m of t.matchAll(/[.?!](?=\s|$)/g)) {
    const head = t.slice(0, m.index + 1)
    if (!INITIAL_END.test(head) && head.length > 2) return head.replace(/\.$/, '')
  }
  return t
}

export function typeOf(f: {
  url: string | null
  doi: string | null
  isbn: string | null
  publication: string | null
  volume: string | null
  text: string
}): EntryType {
  if (f.isbn || (!f.volume && !f.doi && BOOK_WORDS.test(f.text))) return 'book'
  const byUrl = f.url ? typeForUrl(f.url) : null
  if (byUrl && byUrl !== 'website') return byUrl
  if (/arxiv/i.test(f.text)) return 'research'
  if (f.doi || f.volume) return 'journal'
  // A web page, unless it names a publication it appeared in (an encyclopedia is still a website).
  return byUrl && (!f.publication || /wiki/i.test(f.url ?? '')) ? 'website' : 'article'
}
