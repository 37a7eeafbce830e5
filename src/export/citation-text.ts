import type { CitationItem } from '../markdown/syntax/citations.js'
import type { CslEntry } from '../shared/schemas/index.js'
import type { CitationWriter } from './citations.js'
import { authorLabel, cslYear } from './cited-entries.js'

/** What would be read as markdown or math in the inserted text. */
const MARKUP = /[\\`*_[\]<>$|]/g

/**
 * Citations as a reader reads them, for the local AI provider (which reads essays through
 * `prepareSource`): "(Vaswani et al., 2017; Bahdanau et al., 2014)" and, narrative, "Vaswani
 * et al. (2017)", so that "as shown by :citet:`X`" stays a sentence. A key the essay's
 * bibliography lacks leaves the d2l marker the local reader takes for a citation by key
 * (`&#91;key&#93;`, shown as nothing), after a name read from the key when the citation is
 * narrative ("Smith and Jones (2019)" from `Smith.Jones.2019`), the key itself otherwise.
 */
export function readableCitations(references: readonly CslEntry[]): CitationWriter {
  const byKey = new Map(references.map((e) => [e.id, e]))
  return (citation) => {
    const known = citation.items.filter((i) => byKey.has(i.key))
    const unknown = citation.items.filter((i) => !byKey.has(i.key))
    const parts: string[] = []
    if (known.length > 0) parts.push(citation.mode === 'narrative' ? narrative(known, byKey) : parenthetical(known, byKey))
    if (unknown.length > 0) {
      if (citation.mode === 'narrative') parts.push(unknown.map((i) => clean(keyAsName(i.key))).join(', '))
      parts.push(`&#91;${unknown.map((i) => i.key.replace(/[,&;]/g, '')).join(',')}&#93;`)
    }
    return parts.join(' ')
  }
}

function parenthetical(items: CitationItem[], byKey: Map<string, CslEntry>): string {
  const inner = items.map((item) => {
    const entry = byKey.get(item.key)!
    const year = cslYear(entry) ?? 'n.d.'
    const mark = item.suppressAuthor ? year : `${authorLabel(entry, '&')}, ${year}`
    return [item.prefix, `${mark}${item.suffix ?? ''}`].filter(Boolean).join(' ')
  })
  return `(${clean(inner.join('; '))})`
}

function narrative(items: CitationItem[], byKey: Map<string, CslEntry>): string {
  const named = items.map((item) => {
    const entry = byKey.get(item.key)!
    const mark = `${authorLabel(entry)} (${cslYear(entry) ?? 'n.d.'}${item.suffix ?? ''})`
    return [item.prefix, mark].filter(Boolean).join(' ')
  })
  return clean(named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : named[0])
}

/** d2l's `Vaswani.Shazeer.Parmar.ea.2017` and Google Scholar's `dwork2015preserving`, read as names and a year. */
export function keyAsName(key: string): string {
  const parts = key.split('.')
  const year = parts[parts.length - 1]
  if (parts.length > 1 && /^\d{4}[a-z]?$/.test(year)) {
    const names = parts.slice(0, -1)
    const truncated = names.includes('ea') || names.length > 2
    const people = names.filter((n) => n !== 'ea')
    const who = truncated ? `${people[0]} et al.` : people.join(' and ')
    return `${who} (${year.slice(0, 4)})`
  }
  const m = /^([A-Za-z-]+?)(\d{4})/.exec(key)
  if (m) return `${m[1].charAt(0).toUpperCase()}${m[1].slice(1)} (${m[2]})`
  return key
}

function clean(text: string): string {
  return text.replace(MARKUP, '')
}
