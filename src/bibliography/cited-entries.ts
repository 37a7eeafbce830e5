import type { CslEntry } from '../shared/schemas/index.js'

/**
 * What the export, the local AI provider and the bibliography enhancement read of a CSL-JSON
 * entry (as citation-js makes it from the author's .bib and the import keeps in
 * `body.document.references`). Read defensively: CSL fields are free-form JSON.
 */

export interface CslName {
  family: string
  given: string
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** Text of a CSL field without the inline markup citation-js keeps from BibTeX (`<i>`, `<span class="nocase">`). */
export function cslText(entry: CslEntry, field: string): string {
  return str(entry[field])
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The authors (editors when there are none), in order. citation-js writes a BibTeX "and others"
 * as a name `et al.` (particle "et", family "al."): it is left out here, `truncated` says so.
 */
export function cslNames(entry: CslEntry): { names: CslName[]; truncated: boolean } {
  const list =
    Array.isArray(entry.author) && entry.author.length > 0
      ? entry.author
      : Array.isArray(entry.editor)
        ? entry.editor
        : []
  const names: CslName[] = []
  let truncated = false
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue
    const n = raw as Record<string, unknown>
    const literal = str(n.literal)
    const particle = [str(n['non-dropping-particle'])].filter(Boolean).join(' ')
    const family = [particle, str(n.family)].filter(Boolean).join(' ')
    if (/^(?:et al\.?|others)$/i.test(family || literal)) {
      truncated = true
      continue
    }
    const given = [str(n.given), str(n['dropping-particle'])].filter(Boolean).join(' ')
    if (literal || family) names.push({ family: literal || family, given: literal ? '' : given })
  }
  return { names, truncated }
}

/** The year of publication as written ("2017"), or null when the entry has none. */
export function cslYear(entry: CslEntry): string | null {
  const issued = entry.issued as { 'date-parts'?: unknown; literal?: unknown; raw?: unknown } | undefined
  const parts = issued?.['date-parts']
  if (Array.isArray(parts) && Array.isArray(parts[0]) && parts[0][0] !== undefined) {
    const year = str(parts[0][0])
    if (year) return year
  }
  const text = str(issued?.literal) || str(issued?.raw)
  return /\b\d{4}\b/.exec(text)?.[0] ?? (text || null)
}

/**
 * Who a citation names, as author–year styles do: "Smith", "Smith and Jones" (or with `&`),
 * "Vaswani et al."; an entry without authors is named by its title, as APA does.
 */
export function authorLabel(entry: CslEntry, conjunction: 'and' | '&' = 'and'): string {
  const { names, truncated } = cslNames(entry)
  if (names.length === 0) return shortTitle(entry)
  if (names.length === 1) return truncated ? `${names[0].family} et al.` : names[0].family
  if (names.length === 2 && !truncated) return `${names[0].family} ${conjunction} ${names[1].family}`
  return `${names[0].family} et al.`
}

/** The first words of the title (or the key), for an entry with no authors. */
function shortTitle(entry: CslEntry): string {
  const title = cslText(entry, 'title') || entry.id
  const words = title.split(/\s+/)
  return words.length > 6 ? `${words.slice(0, 6).join(' ')}…` : title
}

/** Where the work appeared: journal, proceedings or book it is part of, else its publisher. */
export function cslVenue(entry: CslEntry): string {
  return (
    cslText(entry, 'container-title') ||
    cslText(entry, 'collection-title') ||
    cslText(entry, 'event-title') ||
    cslText(entry, 'publisher')
  )
}

/** The DOI without a resolver prefix, or ''. */
export function cslDoi(entry: CslEntry): string {
  return cslText(entry, 'DOI').replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
}

/** An http(s) address of the work, or ''. */
export function cslUrl(entry: CslEntry): string {
  const url = cslText(entry, 'URL')
  return /^https?:\/\/\S+$/i.test(url) ? url : ''
}
