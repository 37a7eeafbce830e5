import type { Bibliography } from '../../../shared/schemas/index.js'
import type { EssayInput } from '../../provider.js'
import type { EssayDoc } from '../../../text/essay-doc.js'
import type { SiteIndex } from '../../../text/site-index.js'
import { plural } from '../../../text/format.js'
import { textCitations } from '../../../bibliography/citations.js'
import { cslNames, cslYear } from '../../../bibliography/cited-entries.js'
import { citedEntries } from '../../../bibliography/cited-references.js'
import { ARXIV_ID, urlKey, yearIn, type Entry, type Found, type Origin } from '../../../bibliography/entry.js'
import { frontmatterSources } from '../../../bibliography/frontmatter-sources.js'
import { linkedWorks, REFERENCE_HEADING, referenceSections } from '../../../bibliography/links.js'

const MAX_ENTRIES = 40
const FURTHER_READING = 3

const ORIGIN_TEXT: Record<Origin, (n: number) => string> = {
  bibliography: (n) => `${plural(n, 'work')} from the author’s own bibliography`,
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
 * The entries it cites from the author's own .bib files come first, all of them, as the author
 * wrote them; what the text yields besides is listed after them unless it names one of them.
 */
export function localBibliography(input: EssayInput, doc: EssayDoc, index: SiteIndex): Bibliography {
  const cited = citedEntries(input.references ?? [])
  const citedFound: Found[] = cited.map(({ id: _id, ...entry }) => ({ origin: 'bibliography', entry }))
  const outside = doc.paragraphs.filter((p) => !p.heading || !REFERENCE_HEADING.test(p.heading))
  const found = [
    ...frontmatterSources(input.frontmatter),
    ...referenceSections(doc.paragraphs),
    ...textCitations(outside),
    ...linkedWorks(doc.links.filter((l) => !l.sentence.heading || !REFERENCE_HEADING.test(l.sentence.heading))),
  ]
  // "Vaswani et al. (2017)" in the text is a cited entry; so is "Berg (2019)" for "van der Berg, Jan".
  const people = (input.references ?? []).flatMap((ref) => {
    const year = cslYear(ref)
    const family = cslNames(ref).names[0]?.family ?? ''
    return year
      ? family
          .toLowerCase()
          .split(/\s+/)
          .filter(Boolean)
          .map((word) => `${word}|${yearIn(year) ?? year}`)
      : []
  })
  const kept = dedupe(found, citedFound, people)
  const shown = kept.slice(0, Math.max(0, MAX_ENTRIES - cited.length))
  const related = index.related(index.vectorFor(input.post, input.plainText), input.post.id, FURTHER_READING)
  // Generated ids never take an author's key.
  const keys = new Set(cited.map((e) => e.id))
  let n = 0
  const nextId = () => {
    let id = `ref-${++n}`
    while (keys.has(id)) id = `ref-${++n}`
    return id
  }
  return {
    introduction: introduction([...citedFound, ...kept], cited.length + shown.length, related.length > 0),
    entries: [...cited, ...shown.map((f) => ({ id: nextId(), ...f.entry }))],
    furtherReading: related.map((p) => p.title),
  }
}

/**
 * One entry per work: the same DOI, arXiv paper, address, author and year, or title is one work;
 * the first finding wins. `prior` (the author's cited entries) is listed already: what names one
 * of them is left out, and they are never left out themselves.
 */
function dedupe(found: Found[], prior: Found[] = [], priorPeople: string[] = []): Found[] {
  const seen = new Set(prior.flatMap((f) => identities(f.entry)))
  const people = new Map<string, Found | null>(priorPeople.map((p) => [p, null]))
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
