import { readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { z } from 'zod'
import { isBibliographyPage, isEmptyBookdownPage, isQuartoReferencesPage } from './bibliography-page.js'
import { bookdownChapterNumbers } from './bookdown-chapters.js'
import type { BookNumbering } from './chapter-headings.js'
import { readBookToc, withoutDocumentExtension, type BookToc } from './book-toc.js'
import { isQuartoBook, quartoBookPages, quartoChapterNumbers } from './quarto-book.js'
import { quartoSitePage } from './quarto-pages.js'
import { readYaml } from './read-yaml.js'
import { siteAddressOf } from './site-address.js'

/** The static-site generators whose source folders `blog import` recognises. */
export type SiteKind = 'jekyll' | 'hugo' | 'quarto' | 'd2l' | 'jupyter-book' | 'franklin' | 'bookdown'

/**
 * How a recognised site keeps its essays. A site root holds much that is not an essay (layouts,
 * includes, build output, the repository's README), so only the folders or files the generator
 * itself publishes as posts or pages are imported; the root stays the folder that site-root
 * paths (`/assets/img/x.png`, `/D/wish`) and bibliographies are found from.
 */
export interface SiteLayout {
  kind: SiteKind
  /** Absolute path of the site's root folder. */
  root: string
  /** Said in the dry run and in skip reasons: "Jekyll site (_config.yml + _posts/)". */
  label: string
  /** File extensions (lower case, with the dot) the site's documents use. */
  extensions: ReadonlySet<string>
  /** Why a folder (path relative to the root, `/`-separated) is not walked; null to walk it. */
  skipFolder(relative: string): string | null
  /** Why a document (path relative to the root) is not imported; null to import it. */
  skipFile(relative: string): string | null
  /**
   * Whether the site publishes a document its import leaves out (a Jekyll collection's, such as
   * `_notes/x.md` of `collections: {notes: {output: true}}`): named on the command line, it is
   * imported as the site's, where its address and figures are found.
   */
  publishes?(relative: string): boolean
  /**
   * Whether the site's own table of contents names this document (path relative to the root): a
   * page the site publishes by name is imported whatever it is called (a book's `resources/README`
   * chapter), where a README, LICENSE or CODE_OF_CONDUCT is otherwise the repository's.
   */
  lists?(relative: string): boolean
  /**
   * Why a document the site would publish by its name is still not a post, from what it says
   * (a Jupyter Book's bibliography page); absent when names decide alone.
   */
  skipContent?(absolutePath: string): Promise<string | null>
  /** The site's own table of contents (a Jupyter Book's): its reading order and what each page lists. */
  toc?: BookToc
  /**
   * The number the book gives each chapter file ("2", "A"), by path relative to the root: a
   * bookdown or Quarto book numbers equations, figures, tables, theorems and sections within chapters.
   */
  chapterNumbers?(): Promise<BookNumbering>
}

/** Jupyter notebooks: publishable in a plain folder, a Jupyter Book and a Quarto project (src/importer/notebook/). */
export const NOTEBOOK_EXTENSION = '.ipynb'
const MARKDOWN = new Set(['.md', '.markdown'])
const BOOKDOWN_DOCUMENTS = new Set(['.rmd', '.md'])
const QUARTO_DOCUMENTS = new Set(['.md', '.markdown', '.qmd', NOTEBOOK_EXTENSION])
const BOOK_DOCUMENTS = new Set(['.md', '.markdown', NOTEBOOK_EXTENSION])

/** A folder's entries as `readdir` gives them: enough to see a site's markers without more I/O. */
export interface FolderEntries {
  files: ReadonlySet<string>
  folders: ReadonlySet<string>
}

/**
 * The site whose root is `folder`, or null. Markers are read from the entries already listed;
 * a configuration file is read only when its markers are there (d2l's `config.ini`, a Jupyter
 * Book's `_toc.yml` or `myst.yml`, Quarto's output folder).
 */
export async function detectSite(folder: string, entries: FolderEntries): Promise<SiteLayout | null> {
  const { files, folders } = entries
  if ((files.has('_config.yml') || files.has('_config.yaml')) && folders.has('_posts')) return jekyll(folder)
  const hugoConfig = ['hugo.toml', 'hugo.yaml', 'hugo.json', 'config.toml', 'config.yaml'].find((f) => files.has(f))
  if (hugoConfig && folders.has('content')) return hugo(folder, hugoConfig)
  if (files.has('_quarto.yml') || files.has('_quarto.yaml'))
    return quarto(folder, files.has('_quarto.yml') ? '_quarto.yml' : '_quarto.yaml')
  if (files.has('_bookdown.yml')) return bookdown(folder)
  if (files.has('_toc.yml')) {
    const book = await jupyterBook(folder)
    if (book) return book
  }
  if (files.has('myst.yml')) {
    const project = await mystProject(folder)
    if (project) return project
  }
  if (files.has('config.ini')) {
    const book = await d2lBook(folder)
    if (book) return book
  }
  if (files.has('config.md') && (files.has('utils.jl') || folders.has('_layout'))) return franklin(folder)
  return null
}

function jekyll(root: string): SiteLayout {
  const label = 'Jekyll site (_config.yml + _posts/)'
  return {
    kind: 'jekyll',
    root,
    label,
    extensions: MARKDOWN,
    skipFolder: (rel) =>
      rel === '_posts' || rel.startsWith('_posts/') ? null : `${label}: only _posts/ holds its posts`,
    skipFile: (rel) => (rel.startsWith('_posts/') ? null : `${label}: only _posts/ holds its posts`),
    publishes: (rel) => {
      const documents = siteAddressOf(root).permalinks?.documents
      const dir = documents?.collectionsDir ? `${documents.collectionsDir}/` : ''
      const label = rel.startsWith(dir) ? /^_([^/]+)\//.exec(rel.slice(dir.length))?.[1] : undefined
      return label !== undefined && documents?.collections[label]?.output === true
    },
  }
}

function hugo(root: string, config: string): SiteLayout {
  const label = `Hugo site (${config} + content/)`
  const inContent = (rel: string) => rel === 'content' || rel.startsWith('content/')
  return {
    kind: 'hugo',
    root,
    label,
    extensions: MARKDOWN,
    skipFolder: (rel) => (inContent(rel) ? null : `${label}: only content/ holds its pages`),
    skipFile: (rel) => {
      if (!inContent(rel)) return `${label}: only content/ holds its pages`
      // `_index.md` is the text above a section's list of pages, not a page of its own.
      return /(^|\/)_index\.(md|markdown)$/i.test(rel) ? `${label}: a section's list page` : null
    },
    skipContent: async (path) => {
      // A page standing in content/ itself, outside the sections that hold posts: the site's own page.
      const rel = relative(root, path).split(sep).join('/')
      if (!/^content\/[^/]+$/.test(rel)) return null
      if (
        /^content\/(?:about|contact|search|archives?|tags|categories|404|imprint|privacy)(?:\.[\w-]+)?\.(md|markdown)$/i.test(
          rel,
        )
      )
        return `${label}: the site's own page (${rel.slice('content/'.length)}), not a post`
      const head = (await readFile(path, 'utf8').catch(() => '')).slice(0, 2048)
      return /^(?:type|layout)\s*[:=]\s*["']?page["']?\s*$/m.test(head)
        ? `${label}: a page of type "page", not a post`
        : null
    },
  }
}

const QuartoConfigSchema = z.looseObject({ project: z.looseObject({ 'output-dir': z.string().optional() }).optional() })

async function quarto(root: string, config: string): Promise<SiteLayout> {
  const data = await readYaml(join(root, config))
  const parsed = QuartoConfigSchema.safeParse(data)
  const outputDir = parsed.success ? parsed.data.project?.['output-dir']?.replace(/^\.\/|\/+$/g, '') : undefined
  const generated = new Set(['_site', '_freeze', '_extensions', '.quarto', ...(outputDir ? [outputDir] : [])])
  const label = `Quarto project (${config})`
  const pages = quartoBookPages(data)
  return {
    kind: 'quarto',
    root,
    label,
    extensions: QUARTO_DOCUMENTS,
    skipFolder: (rel) => (generated.has(rel) ? `${label}: generated output, not source` : null),
    skipFile: (rel) => {
      // A book publishes the chapters it lists; a site, every page but those whose name starts
      // with _ (templates, partials, `_metadata.yml`), which Quarto never renders.
      if (pages) return pages.has(rel) ? null : `${label}: a book page not listed in book.chapters or book.appendices`
      return /(^|\/)_/.test(rel) ? `${label}: a file whose name starts with _ is not rendered` : null
    },
    ...(pages ? { lists: (rel: string) => pages.has(rel) } : {}),
    skipContent: async (path) => {
      const why = await quartoSitePage(path)
      if (why) return `${label}: ${why}`
      // Only a page this small can be nothing but headings and the refs div: larger pages are not read twice.
      if (!pages || ((await stat(path).catch(() => null))?.size ?? Infinity) > 4096) return null
      const text = await readFile(path, 'utf8').catch(() => '')
      return isQuartoReferencesPage(text) ? `${label}: the book's references page (::: {#refs})` : null
    },
    ...(isQuartoBook(data) ? { chapterNumbers: () => quartoChapterNumbers(root, data) } : {}),
  }
}

/** mystmd's project file: its `project.toc` when it has one (Jupyter Book 2 writes one). */
const MystProjectSchema = z.looseObject({ project: z.looseObject({ toc: z.unknown().optional() }) })

async function jupyterBook(root: string): Promise<SiteLayout | null> {
  const toc = readBookToc(await readYaml(join(root, '_toc.yml')))
  if (toc.order.length === 0) return null
  return bookLayout(root, 'Jupyter Book (_toc.yml)', toc, '_toc.yml')
}

/**
 * A Jupyter Book 2 / mystmd project (`myst.yml` with a `project`): the pages of its `project.toc`;
 * without one, mystmd publishes every markdown file and notebook in the folder, and so does the import.
 */
async function mystProject(root: string): Promise<SiteLayout | null> {
  const parsed = MystProjectSchema.safeParse(await readYaml(join(root, 'myst.yml')))
  if (!parsed.success) return null
  const toc = readBookToc(parsed.data.project.toc ?? [])
  return bookLayout(root, 'Jupyter Book 2 / MyST project (myst.yml)', toc.order.length > 0 ? toc : null, 'its toc')
}

function bookLayout(root: string, label: string, toc: BookToc | null, tocName: string): SiteLayout {
  const listed = new Set(toc?.order ?? [])
  return {
    kind: 'jupyter-book',
    root,
    label,
    extensions: BOOK_DOCUMENTS,
    skipFolder: (rel) => (rel === '_build' ? `${label}: generated output, not source` : null),
    skipFile: (rel) =>
      toc === null || listed.has(withoutDocumentExtension(rel)) ? null : `${label}: not listed in ${tocName}`,
    lists: (rel) => toc !== null && listed.has(withoutDocumentExtension(rel)),
    skipContent: async (path) => {
      // Only a page this small can be nothing but a heading and a directive: larger pages are not read twice.
      if (!/\.(md|markdown)$/i.test(path) || ((await stat(path).catch(() => null))?.size ?? Infinity) > 4096)
        return null
      const text = await readFile(path, 'utf8').catch(() => '')
      return isBibliographyPage(text) ? 'Jupyter Book: the bibliography page' : null
    },
    ...(toc ? { toc } : {}),
  }
}

/**
 * A d2l-book source (`config.ini` with a `[build]` section naming its `notebooks`, or one that
 * mentions d2lbook): the chapter files its globs select, less its `exclusions`.
 */
async function d2lBook(root: string): Promise<SiteLayout | null> {
  const text = await readFile(join(root, 'config.ini'), 'utf8').catch(() => '')
  const build = iniSection(text, 'build')
  if (!build.has('notebooks') && !/d2lbook/i.test(text)) return null
  const include = globList(build.get('notebooks') ?? '*.md */*.md')
  const exclude = globList(build.get('exclusions') ?? '')
  const label = 'd2l book (config.ini)'
  return {
    kind: 'd2l',
    root,
    label,
    extensions: MARKDOWN,
    skipFolder: (rel) => (rel === '_build' ? `${label}: generated output, not source` : null),
    skipFile: (rel) => {
      if (exclude.some((glob) => glob.test(rel))) return `${label}: listed in its exclusions`
      return include.some((glob) => glob.test(rel)) ? null : `${label}: not one of its notebooks`
    },
  }
}

function franklin(root: string): SiteLayout {
  const label = 'Franklin site (config.md)'
  const machinery = new Set(['_layout', '_libs', '__site', '_css', '_assets', '_rss'])
  return {
    kind: 'franklin',
    root,
    label,
    extensions: MARKDOWN,
    skipFolder: (rel) => (machinery.has(rel) ? `${label}: templates and generated files, not pages` : null),
    skipFile: (rel) => (rel === 'config.md' ? `${label}: the site's configuration, not a page` : null),
  }
}

const BookdownConfigSchema = z.looseObject({
  rmd_files: z.union([z.array(z.string()), z.looseObject({ html: z.array(z.string()).optional() })]).optional(),
  output_dir: z.string().optional(),
})

/**
 * A bookdown book (`_bookdown.yml`): the chapters its `rmd_files` lists, else bookdown's own
 * rule — every `.Rmd` in the root folder, less those whose name starts with `_`.
 */
async function bookdown(root: string): Promise<SiteLayout> {
  const data = await readYaml(join(root, '_bookdown.yml'))
  const parsed = BookdownConfigSchema.safeParse(data)
  const config = parsed.success ? parsed.data : {}
  const listed = Array.isArray(config.rmd_files) ? config.rmd_files : config.rmd_files?.html
  const chapters = listed ? new Set(listed.map((f) => f.replace(/^\.\//, ''))) : null
  const output = config.output_dir?.replace(/^\.\/|\/+$/g, '') ?? '_book'
  const generated = new Set([output, '_bookdown_files', 'renv', 'packrat'])
  const label = 'bookdown book (_bookdown.yml)'
  return {
    kind: 'bookdown',
    root,
    label,
    extensions: BOOKDOWN_DOCUMENTS,
    skipFolder: (rel) => (generated.has(rel) ? `${label}: generated output, not source` : null),
    skipFile: (rel) => {
      if (chapters) return chapters.has(rel) ? null : `${label}: not listed in its rmd_files`
      if (rel.includes('/') || !/\.rmd$/i.test(rel)) return `${label}: only the .Rmd files of its root are chapters`
      return /^_/.test(rel) ? `${label}: a file whose name starts with _ is not a chapter` : null
    },
    skipContent: async (path) => {
      // Only a page this small can be nothing but headings: larger pages are not read twice.
      if (((await stat(path).catch(() => null))?.size ?? Infinity) > 4096) return null
      const text = await readFile(path, 'utf8').catch(() => '')
      return isEmptyBookdownPage(text) ? `${label}: a page with nothing to read (its references page)` : null
    },
    chapterNumbers: () => bookdownChapterNumbers(root, listed ?? null, data),
  }
}

/** `key = value` lines of one `[section]`, with values continued on indented lines joined. */
function iniSection(text: string, name: string): Map<string, string> {
  const out = new Map<string, string>()
  let inside = false
  let key: string | null = null
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line)
    if (header) {
      inside = header[1].trim() === name
      key = null
      continue
    }
    if (!inside || /^\s*[#;]/.test(line)) continue
    const pair = /^(\w[\w.-]*)\s*=\s*(.*)$/.exec(line)
    if (pair) {
      key = pair[1]
      out.set(key, pair[2].trim())
    } else if (key && /^\s+\S/.test(line)) {
      out.set(key, `${out.get(key)} ${line.trim()}`)
    }
  }
  return out
}

// d2l-book's space-separated wildcards (`*.md */*.md contrib/*md`), relative to the root.
function globList(value: string): RegExp[] {
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((glob) => {
      const pattern = glob
        .replace(/[.+^$(){}|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
      return new RegExp('^' + pattern + '$')
    })
}
