import type { AuthorName } from '../authors.js'
import { LATEX_SPECIALS } from '../latex-specials.js'
import type { EssayCitation } from './essay-citation.js'

/**
 * Text as a BibTeX field value reads it: LaTeX's special characters escaped, so "R&D", "50%",
 * "C#" and "x_1" print as written. Letters outside ASCII stay UTF-8 (biber, bibtex8 and
 * citation-js read it).
 */
export const escapeBibtex = (text: string): string => text.replace(/[\\{}$&%#_~^]/g, (c) => LATEX_SPECIALS[c])

/** An address for a verbatim field (`url`, `doi`): kept as written, braces and spaces encoded so the field stays closed. */
const verbatim = (url: string) => url.replace(/[{}\s]/g, (c) => encodeURIComponent(c))

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * One name as BibTeX reads it: "Family, Given" when the line said which is the family name,
 * "Given Family" when BibTeX's own guess (the last word, with its lower-case particles) is the
 * one made here too, and in braces when it is no person's name, or holds an "and".
 */
export function bibtexName(a: AuthorName): string {
  if (a.family === null) return `{${escapeBibtex(a.name)}}`
  const name =
    a.inverted || a.suffix
      ? [a.family, a.suffix, a.given].filter(Boolean).join(', ')
      : [a.given, a.family].filter(Boolean).join(' ')
  const escaped = escapeBibtex(name)
  return /\band\b/i.test(name) ? `{${escaped}}` : escaped
}

/** A citation key of letters and digits: first author's family name, year, first word of the title. */
export function bibtexKey(c: EssayCitation): string {
  const ascii = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
  const first = c.authors[0]
  const who = ascii(first ? (first.family ?? first.name) : '') || 'anon'
  const word = c.title
    .split(/\s+/)
    .map(ascii)
    .find((w) => w.length > 3 && !/^(?:the|that|with|from|into|upon|what|when|where|which)$/.test(w))
  return `${who}${c.date.year}${word ?? ''}`
}

/**
 * The essay as a BibTeX `@online` entry (biblatex's type for a web publication; classic BibTeX
 * reads it as `@misc`): authors joined by " and " ("and others" for "et al."), the title, year
 * and month, the site as organization, the canonical address, the DOI and version when the
 * essay has them, and its archived copy in the note.
 */
export function bibtexEntry(c: EssayCitation): string {
  const names = c.authors.map(bibtexName)
  if (c.others) names.push('others')
  const fields: [string, string][] = [
    ['author', `{${names.join(' and ')}}`],
    ['title', `{${escapeBibtex(c.title)}}`],
    ['year', `{${c.date.year}}`],
    ['month', MONTHS[c.date.month - 1] ?? `{${c.date.month}}`],
    ['organization', `{${escapeBibtex(c.siteName)}}`],
    ['url', `{${verbatim(c.url)}}`],
  ]
  if (c.doi) fields.push(['doi', `{${verbatim(c.doi)}}`])
  if (c.version) fields.push(['version', `{${escapeBibtex(c.version)}}`])
  // Inside another field's text, \url needs its % and # escaped (the url package's rule).
  if (c.archive) fields.push(['note', `{Archived at \\url{${verbatim(c.archive).replace(/[%#]/g, '\\$&')}}}`])
  fields.push(['langid', `{${c.language === 'en' ? 'english' : escapeBibtex(c.language)}}`])
  // Not aligned in columns: padding would push every value onto a second line on a phone.
  const lines = fields.map(([k, v]) => `  ${k} = ${v}`)
  return `@online{${bibtexKey(c)},\n${lines.join(',\n')}\n}`
}
