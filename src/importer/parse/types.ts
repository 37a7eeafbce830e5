import type { AssetExt } from '../../media/asset-types.js'

/**
 * A figure carried inside the essay's source file rather than beside it: a notebook's plot or a
 * cell's attachment, stored when the render asks for it, like any figure file.
 */
export interface EmbeddedFile {
  bytes: Uint8Array
  ext: AssetExt
}

/** One markdown file as read from disk (or uploaded). */
export interface EssayInput {
  path: string
  text: string
  mtime: Date
  /**
   * The folder the essay was imported from (the site root when one was recognised): site-root
   * paths such as `/assets/img/x.png` and the site's bibliography folder are looked up there.
   * Absent for an essay that has no folder of its own.
   */
  root?: string
  /**
   * Figures the source holds itself, by the reference its markdown uses for them (a notebook
   * converted to markdown: see src/importer/notebook/). Looked up before any file.
   */
  embedded?: ReadonlyMap<string, EmbeddedFile>
  /** The essay's chapter number in its book ("2", "A"), which its numbers are within (a bookdown chapter). */
  chapter?: string
  /** What the chapter's heading shows before its title where that is more than `chapter`: "Chapter 2", "Appendix A —". */
  chapterName?: string
  /** Its figures, equations and theorems are numbered 1, 2, … without `chapter` (Quarto's `crossref: chapters: false`). */
  plainNumbers?: true
  /** The caption of the part of its book the essay is in (a Jupyter Book's `parts:`), a tag when it has none. */
  part?: string
  /** What the essay's book configuration said that was ignored: warnings of its import. */
  bookWarnings?: string[]
}

export interface ParseOptions {
  /** Used as the author when the essay names none. */
  ownerName: string
  /** The data folder, whose media the essay's local files are copied into; absent: figures stay as written. */
  dataDir?: string
  /** The site's citation style (config `citationStyle`); absent: author–year. */
  citationStyle?: 'author-year' | 'numeric'
}

/** The post fields an essay yields, before it is stored. */
export interface ParsedEssay {
  /** Plain text: markdown and HTML removed, entities decoded. Never empty. */
  title: string
  /** Slug base before uniqueness: frontmatter `slug`, else from title, else file name (see slug.ts). */
  slug: string
  /** A description-like frontmatter field, else the first paragraph, as plain text; ≤ 300 chars. */
  excerpt: string
  /** The front matter's description-like field as plain text ('' without one), for renderedExcerpt. */
  excerptField: string
  /** An explicit description from the frontmatter (plain text, ≤ 300 chars), else null. */
  metaDescription: string | null
  /** Names only, comma separated; the site owner when the essay names nobody. */
  author: string
  /** Trimmed, de-duplicated ignoring case, in the order written. */
  tags: string[]
  /** From the frontmatter when readable, else the file's modification time. */
  publishedAt: Date
  status: 'draft' | 'published'
  featured: 0 | 1
  /** The markdown below the metadata, without a leading `#` title that repeats `title`. */
  body: string
  /**
   * The label of that title heading, when it had one (`# Introduction {#intro}`, or any title of
   * an R Markdown chapter, as pandoc names it): references to it name the essay itself.
   */
  titleLabel?: string
  /** Every frontmatter value read, as JSON-friendly data (dates as ISO strings). */
  frontmatter: Record<string, unknown>
  /**
   * Where the essay's site publishes it, as paths from the site's root (a Jekyll permalink, a
   * Hugo `url`, `slug` or alias: files/post-address.ts), so links written to them find the post.
   */
  addresses?: string[]
  /** Non-fatal problems, each naming where it was found. */
  warnings: string[]
}
