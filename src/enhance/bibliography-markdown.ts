import type { Bibliography } from '../shared/schemas/index.js'

type Entry = Bibliography['entries'][number]

/**
 * The bibliography as markdown (the post's `bibliographyContent`): the introduction, a
 * numbered list of entries in a common author–year style, and further reading. For feeds,
 * exports and readers of the raw post, where the JSON is of no use.
 */
export function bibliographyMarkdown(bibliography: Bibliography): string {
  const parts = [bibliography.introduction.trim()]
  if (bibliography.entries.length > 0)
    parts.push(bibliography.entries.map((e, i) => `${i + 1}. ${entryLine(e)}`).join('\n'))
  if (bibliography.furtherReading.length > 0)
    parts.push(`**Further reading:** ${bibliography.furtherReading.map(escape).join('; ')}`)
  return parts.filter(Boolean).join('\n\n')
}

function entryLine(e: Entry): string {
  const out: string[] = []
  const authors = e.authors.filter((a) => a.trim())
  const year = e.year === null || e.year === undefined || e.year === '' ? '' : ` (${e.year})`
  if (authors.length) out.push(`${escape(authors.join(', '))}${year}.`)
  else if (year) out.push(`${year.trim()}.`)
  const title = escape(e.title.trim())
  out.push(e.type === 'book' ? `*${title}*.` : `${title}.`)
  const where = [
    e.publication && (e.type === 'book' ? escape(e.publication) : `*${escape(e.publication)}*`),
    e.volume && `vol. ${escape(e.volume)}${e.issue ? `(${escape(e.issue)})` : ''}`,
    e.pages && (/^\d+\s*[-–]\s*\d+$/.test(e.pages.trim()) ? `pp. ${escape(e.pages.trim())}` : escape(e.pages.trim())),
  ].filter(Boolean)
  if (where.length) out.push(`${where.join(', ')}.`)
  if (e.doi) out.push(`<https://doi.org/${e.doi.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')}>`)
  else if (e.url && /^https?:\/\//i.test(e.url)) out.push(`<${e.url}>`)
  if (e.isbn) out.push(`ISBN ${escape(e.isbn)}.`)
  return out.join(' ')
}

/** Text that must not turn into markdown (emphasis, links, HTML). */
const escape = (text: string): string => text.replace(/([\\`*_[\]<>#|])/g, '\\$1')
