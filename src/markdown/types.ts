import type {
  CslEntry,
  EssayAnchor,
  EssayAsset,
  EssayDocument,
  EssayWarning,
  ReadingBlock,
  TocEntry,
} from '../shared/schemas/index.js'
import type { ReadingLength } from '../shared/word-count.js'

/**
 * What the renderer may know beyond the markdown itself. Everything is optional: without a
 * context, local figures stay as written and citations show their keys as `[?key]`.
 */
export interface RenderContext {
  /**
   * The stored copy of a local file the essay refers to (`../img/x.svg`, `/assets/img/y.png`),
   * as written in the essay; null when there is no such file. Called synchronously while
   * rendering, so an import resolves and stores files before (or inside) the render.
   */
  resolveAsset?: (ref: string) => EssayAsset | null
  /** Bibliography entries by citation key (from the author's `.bib` files). */
  bibliography?: ReadonlyMap<string, CslEntry>
  /**
   * The text of a file the essay includes (MyST `{include}`), as written in it; null when there
   * is no such file within the essay's reach. Synchronous, like resolveAsset.
   */
  readInclude?: (ref: string) => string | null
  /**
   * The names in a folder of the essay's (`img/screens`, found as a figure is), unsorted, for an
   * R chunk's `list.files()` (dialects/knitr/r-evaluate.ts); null when there is no such folder
   * within the essay's reach. Synchronous, like resolveAsset.
   */
  listFolder?: (ref: string) => readonly string[] | null
  /**
   * TeX definitions (`\newcommand{\R}{\mathbb{R}}`) the essay's formulas may use besides its own:
   * its book's or its front matter's macros. Run before the essay's own, which may redefine them.
   */
  macros?: readonly string[]
  /**
   * The essay's front-matter values as text, by key (`author`, nested `params.x`), for what reads
   * the page's metadata from the body (Quarto's `{{< meta author >}}`).
   */
  metadata?: ReadonlyMap<string, string>
  /**
   * MyST substitution values by key (`{{ key }}`), the page's front matter's over its book's
   * configuration's, each a piece of MyST markdown.
   */
  substitutions?: ReadonlyMap<string, string>
  /** How citations are marked: "Vaswani et al., 2017" (default) or numbered "[1]" (the site's setting). */
  citationStyle?: CitationStyle
  /**
   * The book chapter the essay is ("2", "A"; see EssayDocument.chapter): its equations, figures,
   * tables, theorems and sections are numbered "2.1", "2.2", … as bookdown numbers them.
   */
  chapter?: string
  /**
   * Its figures, equations, tables and theorems are numbered 1, 2, … without the chapter's number
   * (a Quarto book's `crossref: chapters: false`); sections keep it.
   */
  plainNumbers?: boolean
  /**
   * The essay's file name without its extension (`CF603E` of `content/post/CF603E.md`), for a
   * site's own shortcode templates that name it (Hugo's `.File.BaseFileName`).
   */
  sourceName?: string
  /**
   * The essay's file extension, lower-cased (`.qmd`, `.rmd`, `.md`): a Quarto or R Markdown
   * document is never MyST, whatever it fences (a `.qmd` of diagrams alone reads like one).
   */
  sourceExtension?: string
  /**
   * Where a link the essay writes to a page of its own site leads on the site's published
   * address (`/randpic/` → `https://author.site/randpic/`), for pages that are not posts here;
   * null for a link that is not to such a page, or when the site's address is not known.
   */
  publishedLink?: (href: string) => string | null
  /**
   * The path from the site's root (its `baseurl` left out) that a link to a page of the author's
   * own site names, written from the host's root, as the site's full address, or relative to the
   * essay's own address (`../foo/`): another post may be published there (src/xref). Null for
   * any other link.
   */
  sitePath?: (href: string) => string | null
}

export type CitationStyle = 'author-year' | 'numeric'

/** What the markdown pipeline yields for one essay. */
export interface RenderResult {
  /** Sanitised HTML with KaTeX markup (HTML + MathML) and highlighted code. */
  html: string
  /** Headings in document order; `id` matches the heading's id attribute in `html`. */
  toc: TocEntry[]
  /** Readable text for search and excerpts: no markup, formulas kept as their TeX source. */
  plainText: string
  /** Words a reader reads (CJK characters count one each); code blocks excluded. */
  wordCount: number
  /** The same, words and CJK characters apart, for the read time (src/shared/read-time.ts). */
  readingLength: ReadingLength
  /** Local files the essay refers to, as written, to their stored copies (only those found). */
  assets: Record<string, EssayAsset>
  /** Entries cited, in order of first citation. */
  references: CslEntry[]
  /** Labels defined in the essay. */
  anchors: EssayAnchor[]
  /** Problems found while rendering (missing figure, unknown citation key, …). */
  warnings: EssayWarning[]
  /** The essay's blocks as read from the rendered tree: what every analysis of its prose reads. */
  reading: ReadingBlock[]
  /** TeX definitions written in the prose, outside formulas (see EssayDocument.macros). */
  macros: string[]
  /** The chapter number the render numbered within (the context's), to be kept with the document. */
  chapter?: string
  /** The context's `plainNumbers`, kept with the document. */
  plainNumbers?: true
  /** Links to the author's own pages, as written, to their published addresses (see EssayDocument.links). */
  links?: Record<string, string>
  /** The folders the essay's R code listed, as written, to their names (see EssayDocument.folders). */
  folders?: Record<string, string[]>
  /** What the import's render was given from the essay's site (see EssayDocument.given); set by the import. */
  given?: EssayDocument['given']
}

/** The essay document a render yields, as stored with the post. */
export function documentOfRender(
  r: Pick<
    RenderResult,
    | 'assets'
    | 'references'
    | 'anchors'
    | 'warnings'
    | 'reading'
    | 'macros'
    | 'chapter'
    | 'plainNumbers'
    | 'links'
    | 'folders'
    | 'given'
  >,
): EssayDocument {
  return {
    assets: r.assets,
    references: r.references,
    anchors: r.anchors,
    warnings: r.warnings,
    reading: r.reading,
    ...(r.macros.length ? { macros: r.macros } : {}),
    ...(r.chapter ? { chapter: r.chapter } : {}),
    ...(r.plainNumbers ? { plainNumbers: r.plainNumbers } : {}),
    ...(r.links ? { links: r.links } : {}),
    ...(r.folders ? { folders: r.folders } : {}),
    ...(r.given ? { given: r.given } : {}),
  }
}

/** Bump when the pipeline's output changes, so stored HTML is re-rendered on the next import. */
export const RENDER_VERSION = 33
