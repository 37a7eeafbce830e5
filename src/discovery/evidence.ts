import { frontmatterSources } from '../bibliography/frontmatter-sources.js'
import { linkedWorks, REFERENCE_HEADING, referenceSections } from '../bibliography/links.js'
import { textCitations } from '../bibliography/citations.js'
import type { Essay } from './corpus.js'
import type { Snapshot } from './snapshot.js'

export interface Work {
  /** What tells two citations of it apart: its DOI, address or title, normalised. */
  key: string
  title: string
  /** Who or where it comes from: a site's host, a publication, or a first author. */
  source: string | null
  identified: boolean
}

/**
 * The outside works an essay cites, found the way its bibliography finds them (front matter
 * sources, a reference list, citations in the text, links), one per work.
 */
export function citedWorks(e: Essay): Work[] {
  const outside = e.doc.paragraphs.filter((p) => !p.heading || !REFERENCE_HEADING.test(p.heading))
  const found = [
    ...frontmatterSources(e.frontmatter),
    ...referenceSections(e.doc.paragraphs),
    ...textCitations(outside),
    ...linkedWorks(e.doc.links.filter((l) => !l.sentence.heading || !REFERENCE_HEADING.test(l.sentence.heading))),
  ]
  const seen = new Set<string>()
  const works: Work[] = []
  for (const { entry } of found) {
    const key = (entry.doi ?? entry.url ?? entry.title).toLowerCase().replace(/\/+$/, '')
    if (seen.has(key)) continue
    seen.add(key)
    works.push({
      key,
      title: entry.title,
      source: sourceOf(entry),
      identified: Boolean(entry.doi || entry.url || entry.isbn),
    })
  }
  return works
}

function sourceOf(entry: { url?: string | null; publication?: string | null; authors: string[] }): string | null {
  if (entry.url) {
    try {
      return new URL(entry.url).hostname.replace(/^www\./, '')
    } catch {
      // not an address: fall through to the publication or author
    }
  }
  return entry.publication?.trim().toLowerCase() || entry.authors[0]?.split(/[,\s]/)[0]?.toLowerCase() || null
}

/** The other essays of the site this essay links to, with the link texts used. */
export function linkedEssays(snap: Snapshot, e: Essay): Map<Essay, string[]> {
  const key = `links:${e.meta.id}`
  const known = snap.memo.get(key) as Map<Essay, string[]> | undefined
  if (known) return known
  const out = new Map<Essay, string[]>()
  snap.memo.set(key, out)
  for (const link of e.links) {
    const target = snap.linkTarget(link.url)
    if (!target || target === e) continue
    out.set(target, [...(out.get(target) ?? []), link.text.trim()].filter(Boolean))
  }
  return out
}
