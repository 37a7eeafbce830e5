import type { Post } from '../../shared/schemas/index.js'
import type { SiteInfo } from '../../shared/site-info.js'
import { parseBibliography } from '../../shared/bibliography.js'
import type { Bibliography } from '../../shared/schemas/enhancements.js'
import type { EssayCitation } from '../../shared/citation/essay-citation.js'
import { doiUrl as doiAddress, normaliseDoi } from '../../shared/doi.js'

export type JsonLd = Record<string, unknown>
type Entry = Bibliography['entries'][number]

/** schema.org types for the bibliography's entry types; all are CreativeWorks. */
const CITATION_TYPES: Record<Entry['type'], string> = {
  book: 'Book',
  journal: 'ScholarlyArticle',
  research: 'ScholarlyArticle',
  article: 'Article',
  website: 'WebPage',
}

/** Leaves out what is unknown: search engines flag empty strings and lists as errors. */
const compact = (o: JsonLd): JsonLd =>
  Object.fromEntries(
    Object.entries(o).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  )

const httpUrl = (u: string | null | undefined): string | undefined =>
  u && /^https?:\/\/\S+$/i.test(u.trim()) ? u.trim() : undefined

function citationOf(e: Entry): JsonLd {
  const doi = normaliseDoi(e.doi)
  const doiUrl = doi ? doiAddress(doi) : undefined
  const url = httpUrl(e.url) ?? doiUrl
  const periodical = e.publication && e.type !== 'book' && e.type !== 'website'
  return compact({
    '@type': CITATION_TYPES[e.type],
    name: e.title,
    author: e.authors.map((name) => ({ '@type': 'Person', name })),
    datePublished: /\b(\d{4})\b/.exec(String(e.year ?? ''))?.[1],
    url,
    sameAs: doiUrl !== url ? doiUrl : undefined,
    identifier: doi ? { '@type': 'PropertyValue', propertyID: 'DOI', value: doi } : undefined,
    isbn: e.type === 'book' ? e.isbn : undefined,
    isPartOf: periodical ? { '@type': 'Periodical', name: e.publication } : undefined,
  })
}

/**
 * A post as schema.org sees it: a ScholarlyArticle when it carries a bibliography with
 * entries (they become its `citation`), a BlogPosting otherwise. Addresses are canonical.
 */
export function articleJsonLd(
  site: SiteInfo,
  post: Post,
  meta: { canonical: string; description: string; image: string | null; citation: EssayCitation },
): JsonLd {
  const citation = parseBibliography(post.bibliography)?.entries.map(citationOf) ?? []
  // One Person per author the line names; one author stays a single object, as before.
  const people = meta.citation.authors.map((a) => ({ '@type': 'Person', name: a.name }))
  const { doi, version, archive } = meta.citation
  return compact({
    '@context': 'https://schema.org',
    '@type': citation.length ? 'ScholarlyArticle' : 'BlogPosting',
    headline: post.title,
    description: meta.description,
    author: people.length === 1 ? people[0] : people,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    keywords: post.tags,
    image: meta.image ?? undefined,
    url: meta.canonical,
    mainEntityOfPage: { '@type': 'WebPage', '@id': meta.canonical },
    publisher: { '@type': 'Organization', name: site.name, url: `${site.baseUrl}/` },
    inLanguage: 'en',
    wordCount: post.wordCount,
    identifier: doi ? { '@type': 'PropertyValue', propertyID: 'DOI', value: doi } : undefined,
    sameAs: [doi ? doiAddress(doi) : undefined, archive ?? undefined].filter(Boolean),
    version: version ?? undefined,
    citation,
  })
}

/** The site with its search (the sitelinks search box): /search reads `?q=`. */
export function websiteJsonLd(site: SiteInfo): JsonLd {
  return compact({
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.name,
    url: `${site.baseUrl}/`,
    description: site.description,
    inLanguage: 'en',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.baseUrl}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  })
}
