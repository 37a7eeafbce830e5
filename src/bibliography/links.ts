import type { EssayLink, Paragraph } from '../text/essay-doc.js'
import { clip } from '../text/format.js'
import { ARXIV_ID, cleanDoi, DOI, entry, typeForUrl, type Found } from './entry.js'
import { parseReferenceText } from './reference-text.js'

/** Link texts that say nothing about what is linked; the address names it instead. */
const GENERIC =
  /^(?:here|this|that|link|source|website|site|page|paper|article|post|blog post|this post|docs?|documentation|repo|repository|code|pdf|slides|video|talk|more|details|read more|click here|see here|\[?\d+\]?)$/i
/** Headings of the sections that list works: their items are references, not passing links. */
export const REFERENCE_HEADING =
  /^(?:\d+(?:\.\d+)*\.?\s*)?(?:references?|bibliography|works cited|literature(?: cited)?|sources|citations|further reading|reading list|notes and references|related work|papers)\s*:?$/i

/** Every web address the essay links to, titled by its link text (or, when that says nothing, the address). */
export function linkedWorks(links: EssayLink[]): Found[] {
  const found: Found[] = []
  for (const link of links) {
    if (!/^https?:\/\//i.test(link.url) || (link.sentence.block === 'table' && !link.text)) continue
    const url = link.url
    const doi = DOI.exec(url)?.[1]
    const arxiv = ARXIV_ID.exec(url)?.[1]
    const text = link.text.trim()
    const title = !text || GENERIC.test(text) || /^https?:\/\//i.test(text) ? addressTitle(url) : text
    const type = arxiv ? 'research' : doi ? 'journal' : typeForUrl(url)
    found.push({
      origin: 'link',
      entry: entry({
        type,
        title,
        url,
        doi: doi ? cleanDoi(decodeURIComponent(doi)) : null,
        relevance: `Linked where the essay says: “${clip(link.sentence.text, 240)}”`,
      }),
    })
  }
  return found
}

/** The items of a References (Bibliography, Further reading…) section, each read as a reference line. */
export function referenceSections(paragraphs: Paragraph[]): Found[] {
  const found: Found[] = []
  for (const p of paragraphs) {
    if (!p.heading || !REFERENCE_HEADING.test(p.heading) || p.block === 'table') continue
    const url = p.segments.find((s) => s.kind === 'link' && /^https?:\/\//i.test(s.url))
    const draft = parseReferenceText(p.text, url && url.kind === 'link' ? url.url : null)
    if (draft && (p.text.split(/\s+/).length >= 3 || url)) found.push({ origin: 'references', entry: draft })
  }
  return found
}

function addressTitle(url: string): string {
  try {
    const u = new URL(url)
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`
  } catch {
    return url
  }
}
