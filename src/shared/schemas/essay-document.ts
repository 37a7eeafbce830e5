import { z } from 'zod'
import { ReadingBlockSchema } from './essay-reading.js'

/**
 * The structure an essay's one reading yields beside its HTML (the "essay document"): what the
 * renderer resolved against the world outside the markdown, kept with the post so that a later
 * re-render (an edit in the workspace) and every other part of the site use the same answers
 * without going back to the files the essay was imported from.
 */

/** A local file an essay refers to (figure, video, download), stored in the data folder's media. */
export const EssayAssetSchema = z.object({
  /** Public address of the stored copy: `/media/assets/{hash}.{ext}`. */
  url: z.string(),
  /** Intrinsic size in CSS pixels, when the file is an image whose size could be read. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  mime: z.string(),
  bytes: z.number().int().min(0),
})
export type EssayAsset = z.infer<typeof EssayAssetSchema>

/** A bibliography entry, as CSL-JSON (the form citation-js and citeproc read and write). */
export const CslEntrySchema = z
  .object({
    id: z.string(),
    type: z.string(),
    title: z.string().optional(),
  })
  .catchall(z.unknown())
export type CslEntry = z.infer<typeof CslEntrySchema>

/** Something in the essay a reference can point at: a section, figure, table or equation. */
export const EssayAnchorSchema = z.object({
  /** The author's label (`sec_linear_regression`, `fig:x`, `eq-1`). */
  key: z.string(),
  /** The element id in the rendered HTML. */
  id: z.string(),
  kind: z.enum(['section', 'figure', 'table', 'equation', 'anchor']),
  /** Heading text, or the figure's caption (plain text). */
  title: z.string().optional(),
  /** Running number shown for figures, tables and equations. */
  number: z.string().optional(),
})
export type EssayAnchor = z.infer<typeof EssayAnchorSchema>

/** A problem found while reading the essay (missing figure, unknown citation key, …). */
export const EssayWarningSchema = z.object({
  /** Stable rule name, e.g. `missing-asset`, `unknown-citation`, `unresolved-reference`. */
  rule: z.string(),
  message: z.string(),
})
export type EssayWarning = z.infer<typeof EssayWarningSchema>

export const EssayDocumentSchema = z.object({
  /** Every local reference the essay makes, as written in it, to the stored copy. */
  assets: z.record(z.string(), EssayAssetSchema).default({}),
  /** The bibliography entries the essay cites, in order of first citation. */
  references: z.array(CslEntrySchema).default([]),
  /** Labels the essay defines, so that other posts can link to them. */
  anchors: z.array(EssayAnchorSchema).default([]),
  warnings: z.array(EssayWarningSchema).default([]),
  /** The essay's blocks as read once at render (absent in documents from before render version 5). */
  reading: z.array(ReadingBlockSchema).optional(),
  /**
   * TeX definitions the essay writes in its prose (`\newcommand…` outside any formula): its
   * formulas are typeset with them, and the arXiv export puts them in the preamble.
   */
  macros: z.array(z.string()).optional(),
  /**
   * The number of the book chapter the essay is, as its book numbers it ("2"; "A" in an
   * appendix): a bookdown chapter's equations, figures, tables, theorems and sections are
   * numbered within it ("2.1"). Known only to the import, which sees the whole book, so kept
   * for every later render. Absent: the essay numbers them from 1 on its own.
   */
  chapter: z.string().optional(),
  /** Its figures, equations, tables and theorems are numbered 1, 2, … without `chapter` (Quarto's `crossref: chapters: false`). */
  plainNumbers: z.literal(true).optional(),
  /**
   * Links to pages of the author's own site that are not posts here, as written, to their
   * addresses on the published site (`/randpic/` → `https://author.site/randpic/`). Known only
   * to the import, which read the site's configuration, so kept for every later render.
   */
  links: z.record(z.string(), z.string()).optional(),
  /**
   * Links to the author's own site not written from its root (`../foo/`, its full address), as
   * written, to the path from the site's root they name (`/2019/03/01/foo/`), where another post
   * may be published. Known only to the import, which read the post's own address.
   */
  sitePaths: z.record(z.string(), z.string()).optional(),
  /**
   * The folders the essay's R code listed (`list.files("img/screens")`), as written, to the names
   * in them: which file `screenshots[85]` is. Known only to the import, which saw the folders.
   */
  folders: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * What the import's render was given besides the essay's text: the files of its site it
   * included, as written, to their text (MyST `{include}`, Hugo's own shortcodes, Quarto's
   * `{{< include >}}`; null for one not found), its book's MyST substitutions and TeX macros, its
   * front matter's values and its file's name and extension. Known only to the import, which read the site, so
   * kept for every later render (a new pipeline's, an edit's), which then reads the same.
   */
  given: z
    .object({
      includes: z.record(z.string(), z.string().nullable()).optional(),
      substitutions: z.record(z.string(), z.string()).optional(),
      macros: z.array(z.string()).optional(),
      metadata: z.record(z.string(), z.string()).optional(),
      sourceName: z.string().optional(),
      sourceExtension: z.string().max(16).optional(),
    })
    .optional(),
})
export type EssayDocument = z.infer<typeof EssayDocumentSchema>

export const emptyEssayDocument = (): EssayDocument => ({ assets: {}, references: [], anchors: [], warnings: [] })
