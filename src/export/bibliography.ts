import { parseBibliography } from '../shared/bibliography.js'
import type { Bibliography } from '../shared/schemas/enhancements.js'
import { asciiKey, escapeText, latexUrl } from './latex-text.js'

type Entry = Bibliography['entries'][number]

/**
 * The post's bibliography (its JSON text, read as leniently as the site reads it) as a
 * `thebibliography` list; '' when there is none or it cannot be read, as the site omits it then.
 */
export function bibliographyLatex(json: string | null | undefined): string {
  const bibliography = parseBibliography(json)
  if (!bibliography) return ''
  const keys = new Set<string>()
  const items = bibliography.entries.map((entry, i) => {
    let key = `ref:${asciiKey(entry.id) || String(i + 1)}`
    while (keys.has(key)) key += '+'
    keys.add(key)
    return `\\bibitem{${key}}\n${bibitemText(entry)}`
  })
  const further = bibliography.furtherReading.filter((s) => s.trim() !== '')
  const parts: string[] = []
  if (items.length > 0) parts.push(`\\begin{thebibliography}{99}\n\n${items.join('\n\n')}\n\n\\end{thebibliography}`)
  if (further.length > 0) {
    parts.push(`\\section*{Further reading}\n\\begin{itemize}\n${further.map((s) => `\\item ${escapeText(s.trim())}`).join('\n')}\n\\end{itemize}`)
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
  else if (entry.url?.trim() && /^https?:\/\//i.test(entry.url.trim())) blocks.push(`\\url{${latexUrl(entry.url.trim())}}`)
  if (entry.isbn?.trim()) blocks.push(`ISBN~${escapeText(entry.isbn.trim())}.`)
  return blocks.join('\n\\newblock ')
}

function joinAuthors(names: string[]): string {
  if (names.length <= 2) return names.join(' and ')
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`
}
