import { splitAuthors, type AuthorName } from '../authors.js'
import type { Post } from '../schemas/index.js'
import type { SiteInfo } from '../site-info.js'

/** An essay as a citation sees it: one source for the meta tags, JSON-LD and the "Cite this" box. */
export interface EssayCitation {
  title: string
  authors: AuthorName[]
  /** The author line ended in "et al.": more authors than it names. */
  others: boolean
  /** The publication date, UTC: year, month (1–12), day. */
  date: { year: number; month: number; day: number }
  /** The site's title: the essay's publisher. */
  siteName: string
  /** The post's canonical address (DECISIONS.md: /posts/{slug}). */
  url: string
  doi: string | null
  version: string | null
  /** A permanent archived copy. */
  archive: string | null
  /** BCP 47; the site writes English (`<html lang="en">`, JSON-LD `inLanguage`). */
  language: string
}

/** The canonical address of a post: `/posts/{slug}` under the site's base address. */
export const canonicalPostUrl = (baseUrl: string, slug: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/posts/${encodeURIComponent(slug)}`

/**
 * The citation of a post. Its authors come from the author line (shared/authors.ts); a post
 * that names nobody is the site owner's, as its byline says.
 */
export function essayCitation(
  post: Pick<Post, 'title' | 'author' | 'publishedAt' | 'slug' | 'citation'>,
  site: Pick<SiteInfo, 'name' | 'ownerName' | 'baseUrl'>,
): EssayCitation {
  const line = splitAuthors(post.author)
  const { others } = line
  const authors = line.authors.length ? line.authors : splitAuthors(site.ownerName).authors
  const d = new Date(post.publishedAt)
  const valid = !Number.isNaN(d.getTime())
  return {
    title: post.title,
    authors,
    others,
    date: valid
      ? { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
      : { year: 1970, month: 1, day: 1 },
    siteName: site.name,
    url: canonicalPostUrl(site.baseUrl, post.slug),
    doi: post.citation?.doi ?? null,
    version: post.citation?.version ?? null,
    archive: post.citation?.archive ?? null,
    language: 'en',
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "2025/05/02", the form Google Scholar asks for in `citation_publication_date`. */
export const scholarDate = ({ year, month, day }: EssayCitation['date']): string => `${year}/${pad(month)}/${pad(day)}`
