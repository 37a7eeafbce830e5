import type { Bibliography } from '../../../shared/schemas/index.js'
import type { EssayInput } from '../../provider.js'
import type { EssayDoc } from '../essay/types.js'
import type { SiteIndex } from '../site-index.js'
import { plural } from '../text/format.js'
import { textCitations } from './citations.js'
import { ARXIV_ID, urlKey, type Entry, type Found, type Origin } from './entry.js'
import { frontmatterSources } from './frontmatter-sources.js'
import { linkedWorks, REFERENCE_HEADING, referenceSections } from './links.js'

const MAX_ENTRIES = 40
const FURTHER_READING = 3

const ORIGIN_TEXT: Record<Origin, (n: number) => string> = {
  frontmatter: (n) => `${plural(n, 'work')} listed in its front matter`,
  references: (n) => `${plural(n, 'item')} of its reference list`,
  doi: (n) => `${plural(n, 'DOI')} written in the text`,
  arxiv: (n) => `${plural(n, 'arXiv identifier')} written in the text`,
  'author-year': (n) => `${plural(n, 'author–year citation')}`,
  'cite-key': (n) => `${plural(n, 'work')} cited by key`,
  link: (n) => `${plural(n, 'linked page')}`,
}

/**
 * The essay's bibliography: only the works it cites itself (front matter `sources`, its
 * reference list, DOIs, arXiv identifiers, author–year citations, `:cite:` keys, links), typed
 * with whatever fields they give, plus the site's most similar essays as further reading.
 */
export function localBibliography(input: EssayInput, doc: EssayDoc, index: SiteIndex): Bibliography {
  const outside = doc.paragraphs.filter((p) => !p.heading || !REFERENCE_HEADING.test(p.heading))
  const found = [
    ...frontmatterSources(input.frontmatter),
    ...referenceSections(doc.paragraphs),
    ...textCitations(outside),
    ...linkedWorks(doc.links.filter((l) => !l.sentence.heading || !REFERENCE_HEADING.test(l.sentence.heading))),
  ]
  const kept = dedupe(found)
  const shown = kept.slice(0, MAX_ENTRIES)
  const related = index.related(index.vectorFor(input.post, input.plainText), input.post.id, FURTHER_READING)
  return {
    introduction: introduction(kept, shown.length, related.length > 0),
    entries: shown.map((f, i) => ({ id: `ref-${i + 1}`, ...f.entry })),
    furtherReading: related.map((p) => p.title),
  }
}

/** One entry per work: the same DOI, arXiv paper, address, author and year, or title is one work; the first finding wins. */
function dedupe(found: Found[]): Found[] {
  const seen = new Set<string>()
  const people = new Map<string, Found>()
  const out: Found[] = []
  for (const f of found) {
    const e = f.entry
    const keys = identities(e)
    const surname = e.authors[0]?.split(/[,\s]/)[0]?.toLowerCase()
    const personKey = surname && e.year !== null && e.year !== undefined ? `${surname}|${e.year}` : null
    // "Smith (2019)" in the text names the same work as "Smith, J. (2019). Title." in the list.
    if (f.origin === 'author-year' && personKey && people.has(personKey)) continue
    if (keys.some((k) => seen.has(k))) continue
    for (const k of keys) seen.add(k)
    if (personKey && !people.has(personKey)) people.set(personKey, f)
    out.push(f)
  }
  return out
}

function identities(e: Omit<Entry, 'id'>): string[] {
  const keys: string[] = []
  if (e.doi) keys.push(`doi:${e.doi.toLowerCase()}`)
  const arxiv = ARXIV_ID.exec(`${e.url ?? ''} ${e.title}`)?.[1]
  if (arxiv) keys.push(`arxiv:${arxiv.replace(/v\d+$/, '').toLowerCase()}`)
  if (e.url) keys.push(`url:${urlKey(e.url)}`)
  keys.push(`title:${e.title.toLowerCase()}|${e.url ? urlKey(e.url) : ''}`)
  return keys
}

function introduction(kept: Found[], shown: number, further: boolean): string {
  const counts = new Map<Origin, number>()
  for (const f of kept) counts.set(f.origin, (counts.get(f.origin) ?? 0) + 1)
  const furtherText = further ? ' Further reading lists related essays on this site.' : ''
  if (kept.length === 0) {
    return `This essay cites no outside works: it has no links, DOIs, arXiv identifiers, author–year citations or reference list.${furtherText}`
  }
  const parts = [...counts].map(([origin, n]) => ORIGIN_TEXT[origin](n))
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
  const cut = shown < kept.length ? ` The first ${shown} are listed.` : ''
  return `This essay cites ${plural(kept.length, 'work')}: ${list}.${cut} Each entry is taken from the essay itself, with only the details it gives.${furtherText}`
}
