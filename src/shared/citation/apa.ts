import type { AuthorName } from '../authors.js'
import { doiUrl } from '../doi.js'
import { MONTHS } from '../plain-format.js'
import type { EssayCitation } from './essay-citation.js'

/** A run of an APA reference: the title is set in italics. */
export interface ApaPart {
  text: string
  italic?: boolean
}

/** "Zachary C." → "Z. C.", "Jean-Paul" → "J.-P.", "J.K." → "J. K.". */
export function initials(given: string): string {
  return given
    .split(/\s+|(?<=\.)(?=\p{Lu})/u)
    .filter(Boolean)
    .map((word) =>
      word
        .split('-')
        .map((part) => `${[...part][0]}.`)
        .join('-'),
    )
    .join(' ')
}

/** "Vaswani, A.", "King, M. L., Jr."; a name that is no person's as written. */
export function apaName(a: AuthorName): string {
  if (a.family === null) return a.name
  const given = a.given ? `, ${initials(a.given)}` : ''
  return `${a.family}${given}${a.suffix ? `, ${a.suffix}` : ''}`
}

/** APA 7: up to 20 names with "&" before the last; from 21, the first 19, an ellipsis, the last. */
function apaAuthors(authors: AuthorName[], others: boolean): string {
  const names = authors.map(apaName)
  if (others) return `${names.join(', ')}, et al.`
  if (names.length === 1) return names[0]
  if (names.length > 20) return `${names.slice(0, 19).join(', ')}, . . . ${names[names.length - 1]}`
  return `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`
}

const closed = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`)

/**
 * The essay as an APA 7 reference to a web publication: "Author, A. A., & Author, B. B.
 * (2025, May 2). *Title* (Version 2). Site. https://doi.org/…" — the DOI's address when the
 * essay has one, else its page.
 */
export function apaReference(c: EssayCitation): ApaPart[] {
  const who = closed(apaAuthors(c.authors, c.others))
  const when = `(${c.date.year}, ${MONTHS[c.date.month - 1]} ${c.date.day}).`
  const version = c.version ? ` (Version ${c.version.replace(/^v(?=\d)/i, '')})` : ''
  const title = c.title.replace(/[.\s]+$/, '')
  return [
    { text: `${who} ${when} ` },
    { text: title, italic: true },
    {
      text: `${version}${/[?!]$/.test(title) && !version ? '' : '.'} ${closed(c.siteName)} ${c.doi ? doiUrl(c.doi) : c.url}`,
    },
  ]
}

/** The reference as plain text. */
export const apaText = (parts: ApaPart[]): string => parts.map((p) => p.text).join('')
