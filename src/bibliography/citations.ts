import type { Paragraph, Sentence } from '../text/essay-doc.js'
import { clip } from '../text/format.js'
import { ARXIV_ID, cleanDoi, DOI, entry, type Found } from './entry.js'

/** Capitalised words that stand before a year in brackets without being anyone's name. */
const NOT_NAMES = new Set(
  `In The This That These Those See Since Version Release From Until Before After Around About During And Or But For With
January February March April May June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec
Spring Summer Fall Autumn Winter Figure Fig Table Section Chapter Equation Eq Appendix Part Volume Vol Page Copyright Update
Julia JuliaCon Python Python3 Java JavaScript Rust Go Ruby MATLAB Windows Linux macOS GitHub GSoC ISO IEEE ACM Edition Book
Conference Workshop Proceedings Year Years Published Released Retrieved Accessed Note Notes Today Since Also Until Circa`.split(
    /\s+/,
  ),
)
const NAME = String.raw`\p{Lu}[\p{L}'’-]+`
// Spaces only: in the prose a line break stands where a link or formula was.
const AUTHORS = String.raw`${NAME}(?:[ \t]+(?:et[ \t]+al\.?|(?:and|&)[ \t]+${NAME}))?`
const NARRATIVE = new RegExp(String.raw`(?<![\p{L}\p{N}])(${AUTHORS})[ \t]+\((1[5-9]\d\d|20\d\d)[a-z]?\)`, 'gu')
const PARENTHETICAL = new RegExp(
  String.raw`\(((?:${AUTHORS}),?\s+(?:1[5-9]\d\d|20\d\d)[a-z]?(?:\s*[;,]\s*(?:${AUTHORS}),?\s+(?:1[5-9]\d\d|20\d\d)[a-z]?)*)\)`,
  'gu',
)
const ONE = new RegExp(String.raw`(${AUTHORS}),?\s+(1[5-9]\d\d|20\d\d)[a-z]?`, 'u')
/** A footnote that is only a citation: "Laplace, 1774." */
const FOOTNOTE_ONLY = new RegExp(String.raw`^(${AUTHORS}),?\s+((?:1[5-9]|20)\d\d)[a-z]?\.?$`, 'u')

const context = (s: Sentence) => `Cited where the essay says: “${clip(s.text, 240)}”`

/**
 * Works cited in the running text: DOIs and arXiv identifiers written out, author–year
 * citations ("Smith (2019)", "(Smith & Jones, 2020)") and d2l's `:cite:` keys. Each entry's
 * title is the citation exactly as the essay writes it; nothing the essay does not give is filled in.
 */
export function textCitations(paragraphs: Paragraph[]): Found[] {
  const found: Found[] = []
  for (const p of paragraphs) {
    for (const s of p.sentences) {
      for (const seg of s.segments) {
        if (seg.kind === 'cite') for (const key of seg.keys) found.push(citeKey(key, s))
        if (seg.kind !== 'text') continue
        for (const m of seg.text.matchAll(new RegExp(DOI.source, 'g'))) {
          const doi = cleanDoi(m[1])
          found.push({ origin: 'doi', entry: entry({ type: 'journal', title: doi, doi, relevance: context(s) }) })
        }
        for (const m of seg.text.matchAll(new RegExp(ARXIV_ID.source, 'gi'))) {
          if (/arxiv\.org/i.test(m[0])) continue // an address: read with the links
          found.push({
            origin: 'arxiv',
            entry: entry({
              type: 'research',
              title: m[0].trim(),
              url: `https://arxiv.org/abs/${m[1]}`,
              relevance: context(s),
            }),
          })
        }
      }
      found.push(...authorYear(s))
      if (p.block === 'footnote') found.push(...footnoteCitation(s))
    }
  }
  return found
}

function authorYear(s: Sentence): Found[] {
  const out: Found[] = []
  const add = (written: string, who: string, year: string) => {
    const first = /^\S+/.exec(who)?.[0] ?? ''
    if (NOT_NAMES.has(first)) return
    const authors = who.split(/\s+(?:and|&)\s+/).map((a) => a.replace(/\s+et\s+al\.?$/, '').trim())
    if (/et\s+al/.test(who)) authors.push('et al.')
    out.push({
      origin: 'author-year',
      entry: entry({ type: 'article', title: written, authors, year: Number(year), relevance: context(s) }),
    })
  }
  // Prose only: "[Algorithms for Optimization](…) (2019)" is a link and a year, not a citation of someone named Optimization.
  const prose = s.prose.replace(/[ \t]+/g, ' ')
  for (const m of prose.matchAll(NARRATIVE)) add(m[0], m[1], m[2])
  for (const m of prose.matchAll(PARENTHETICAL)) {
    const parts = m[1].split(';').map((p) => p.trim())
    for (const part of parts) {
      const one = ONE.exec(part)
      // The title is the citation as written: the whole bracket, or its part when it cites several.
      if (one) add(parts.length > 1 ? part : m[0], one[1], one[2])
    }
  }
  return out
}

function footnoteCitation(s: Sentence): Found[] {
  const text = s.prose.trim()
  const m = FOOTNOTE_ONLY.exec(text)
  if (!m || NOT_NAMES.has(m[1].split(/\s/)[0])) return []
  return [
    {
      origin: 'author-year',
      entry: entry({
        type: 'article',
        title: text.replace(/\.$/, ''),
        authors: [m[1]],
        year: Number(m[2]),
        relevance: 'Cited in a footnote of the essay.',
      }),
    },
  ]
}

/**
 * A d2l key names authors and year ("LeCun.Bottou.Bengio.ea.1998", "dwork2015preserving"); the
 * title is the key itself, since the essay does not give the work's title.
 */
function citeKey(key: string, s: Sentence): Found {
  const parts = key.split('.')
  let authors: string[] = []
  let year: number | null = null
  if (parts.length > 1 && /^\d{4}[a-z]?$/.test(parts[parts.length - 1])) {
    year = Number(parts[parts.length - 1].slice(0, 4))
    authors = parts.slice(0, -1).map((a) => (a === 'ea' ? 'et al.' : a))
  } else {
    const m = /^([A-Za-z-]+?)(\d{4})/.exec(key)
    if (m) {
      authors = [m[1].charAt(0).toUpperCase() + m[1].slice(1)]
      year = Number(m[2])
    }
  }
  return {
    origin: 'cite-key',
    entry: entry({
      type: 'article',
      title: key,
      authors,
      year,
      relevance: `${context(s)} The essay cites it by key only; its full reference is not part of the essay.`,
    }),
  }
}
