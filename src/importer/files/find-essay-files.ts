import { readdir, stat } from 'node:fs/promises'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { withoutDocumentExtension, type BookToc } from './book-toc.js'
import { redirectStubReason } from './redirect-page.js'
import { detectSite, NOTEBOOK_EXTENSION, type FolderEntries, type SiteKind, type SiteLayout } from './site-layout.js'

/** A file or folder a walk left out, and why (what `blog import --dry-run` shows). */
export interface SkippedPath {
  path: string
  reason: string
}

/** A site recognised while walking. */
export interface FoundSite {
  kind: SiteKind
  root: string
  label: string
}

/** What a walk over the paths given to `blog import` found. */
export interface FoundEssayFiles {
  /** Absolute essay file paths (markdown, Quarto, notebooks), sorted and without duplicates. */
  files: string[]
  /** Paths as given that do not exist. */
  missing: string[]
  /** Folders that exist but could not be listed (permissions), absolute; their files are not in `files`. */
  unreadable: string[]
  /**
   * For each file, the folder it was found from: the root of the site it belongs to, else the
   * folder named on the command line, else the file's own folder.
   */
  roots: Map<string, string>
  /** Markdown files and folders left out, in walk order. */
  skipped: SkippedPath[]
  /** Sites recognised (a given folder, a folder under it, or a site a given path lies in). */
  sites: FoundSite[]
  /**
   * The files a book's table of contents lists below a file (a Jupyter Book's root its
   * chapters, a chapter its sections), in the book's order: only files that were found.
   */
  contents: Map<string, string[]>
  /** For each file that is a chapter of a book numbered by chapters (bookdown, Quarto), its chapter's number: "2", "A". */
  chapters: Map<string, string>
  /** For each such chapter, what its heading shows before its title where that is more than the number: "Chapter 2". */
  chapterNames: Map<string, string>
  /** For each file of such a book, the values of its configuration that were ignored (its import warnings). */
  bookWarnings: Map<string, string[]>
  /** The chapters whose figures, equations and theorems are numbered without the chapter's number (Quarto's `crossref: chapters: false`). */
  plainNumbers: Set<string>
  /** For each file in a part of a book's table of contents (a Jupyter Book's `parts:`), the part's caption. */
  parts: Map<string, string>
}

const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown'])
/** What a folder that is no recognised site is walked for: markdown essays and Jupyter notebooks. */
const PLAIN_FOLDER_DOCUMENTS = new Set([...MARKDOWN_EXTENSIONS, NOTEBOOK_EXTENSION])
/** Documents only a site of their kind publishes: Quarto's `.qmd`, R Markdown's `.Rmd`. */
const SITE_DOCUMENTS = new Set(['.qmd', '.rmd'])
const SKIPPED_FOLDERS = new Map([
  ['_licenses', 'licence texts, not essays'],
  ['node_modules', 'installed packages, not essays'],
])
/**
 * A repository's own files (DECISIONS.md "Essays as documents"): never posts when found in a
 * folder, whatever their case; a file named on the command line is still imported.
 */
const REPOSITORY_FILE = /^(?:readme|licen[cs]e|changelog|contributing|code[_-]of[_-]conduct)\.(?:md|markdown)$/i

/** True for a `.md`/`.markdown` file name, in any case. */
export function isMarkdownFileName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.has(extname(name).toLowerCase())
}

/** True for the files a folder is searched for and a path given by name is imported as: markdown and notebooks. */
function isEssayFileName(name: string): boolean {
  return isMarkdownFileName(name) || extname(name).toLowerCase() === NOTEBOOK_EXTENSION
}

/**
 * The text document a notebook is paired with in its folder (`x.md` or `x.qmd` beside
 * `x.ipynb`), or null. jupytext keeps both in step, and Quarto renders `.qmd` to `.ipynb`: the
 * two are one essay, whose source is the text file.
 */
function notebookTwin(name: string, names: ReadonlySet<string>, documents: ReadonlySet<string>): string | null {
  if (extname(name).toLowerCase() !== NOTEBOOK_EXTENSION) return null
  const stem = name.slice(0, -NOTEBOOK_EXTENSION.length)
  for (const ext of documents) if (ext !== NOTEBOOK_EXTENSION && names.has(stem + ext)) return stem + ext
  return null
}

/** True for README, LICENSE, CHANGELOG, CONTRIBUTING and CODE_OF_CONDUCT markdown files, in any case. */
export function isRepositoryFileName(name: string): boolean {
  return REPOSITORY_FILE.test(name)
}

/**
 * Markdown files under the given paths. A path may be a file (kept if it is markdown, whatever
 * its name) or a folder, walked recursively. While walking, dot-files and dot-folders,
 * `_licenses` and `node_modules` are skipped, so are repository files (README, LICENSE, …) that
 * the site's own table of contents does not name as pages, and
 * symbolic links to folders are not followed (they could lead out of the tree or into a loop);
 * symbolic links to files are kept. A folder that is a site's root (Jekyll, Hugo, Quarto, d2l,
 * Jupyter Book, Franklin) gives only the documents that site publishes, with the site's root
 * as their root; so does a path inside such a site.
 */
export async function findEssayFiles(paths: string[]): Promise<FoundEssayFiles> {
  const walker = new Walker()
  for (const given of paths) await walker.add(given)
  return { ...walker.result(), ...(await walker.chapters()) }
}

/** What the walker learns from the whole of a book, once every file is found. */
type BookFields = 'chapters' | 'chapterNames' | 'bookWarnings' | 'plainNumbers'

class Walker {
  private readonly files = new Set<string>()
  private readonly missing: string[] = []
  private readonly unreadable: string[] = []
  private readonly roots = new Map<string, string>()
  private readonly skipped: SkippedPath[] = []
  private readonly skippedSeen = new Set<string>()
  private readonly sites = new Map<string, FoundSite>()
  private readonly layouts = new Map<string, SiteLayout>()

  async add(given: string): Promise<void> {
    const absolute = resolve(given)
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => error)
    if (info instanceof Error) {
      if (info.code === 'ENOENT' || info.code === 'ENOTDIR') this.missing.push(given)
      else this.unreadable.push(absolute)
      return
    }
    if (info.isDirectory()) {
      const site = await enclosingSite(dirname(absolute), absolute)
      if (site) this.noteSite(site)
      await this.walk(absolute, site ? site.root : absolute, site)
    } else if (info.isFile() && (isEssayFileName(absolute) || SITE_DOCUMENTS.has(extname(absolute).toLowerCase()))) {
      // Named explicitly: imported whatever its name, with the root of a site it lies in.
      const site = await enclosingSite(dirname(absolute), absolute)
      if (site) this.noteSite(site)
      if (!isEssayFileName(absolute) && !site?.extensions.has(extname(absolute).toLowerCase())) return
      this.keep(absolute, site?.root ?? dirname(absolute))
    }
  }

  /** The chapter number of each file found in a book that numbers its chapters (read from the whole book). */
  async chapters(): Promise<Pick<FoundEssayFiles, BookFields>> {
    const chapters = new Map<string, string>()
    const chapterNames = new Map<string, string>()
    const bookWarnings = new Map<string, string[]>()
    const plainNumbers = new Set<string>()
    for (const site of this.layouts.values()) {
      if (!site.chapterNumbers) continue
      const { numbers, shown, warnings, plainNumbers: plain } = await site.chapterNumbers()
      for (const file of this.files) {
        if (this.roots.get(file) !== site.root) continue
        const path = toSlashes(relative(site.root, file))
        const number = numbers.get(path)
        if (number !== undefined) chapters.set(file, number)
        if (number !== undefined && plain) plainNumbers.add(file)
        const name = shown?.get(path)
        if (number !== undefined && name !== undefined && name !== number) chapterNames.set(file, name)
        if (warnings.length > 0) bookWarnings.set(file, warnings)
      }
    }
    return { chapters, chapterNames, bookWarnings, plainNumbers }
  }

  result(): Omit<FoundEssayFiles, BookFields> {
    return {
      files: [...this.files].sort(compareCodeUnits),
      missing: this.missing,
      unreadable: this.unreadable,
      roots: this.roots,
      skipped: this.skipped,
      sites: [...this.sites.values()],
      contents: this.contents(),
      parts: this.parts(),
    }
  }

  private contents(): Map<string, string[]> {
    const out = new Map<string, string[]>()
    for (const [toc, byPage] of this.tocPages()) {
      for (const [page, below] of toc.children) {
        const parent = byPage.get(page)
        const listed = below.map((child) => byPage.get(child)).filter((f): f is string => f !== undefined)
        if (parent && listed.length > 0) out.set(parent, listed)
      }
    }
    return out
  }

  private parts(): Map<string, string> {
    const out = new Map<string, string>()
    for (const [toc, byPage] of this.tocPages())
      for (const [page, caption] of toc.parts) {
        const file = byPage.get(page)
        if (file) out.set(file, caption)
      }
    return out
  }

  /** Each book with a table of contents, with the files found in it by the toc's names for them. */
  private *tocPages(): Generator<[BookToc, Map<string, string>]> {
    for (const site of this.layouts.values()) {
      if (!site.toc) continue
      const byPage = new Map<string, string>()
      for (const file of this.files)
        if (this.roots.get(file) === site.root)
          byPage.set(withoutDocumentExtension(toSlashes(relative(site.root, file))), file)
      yield [site.toc, byPage]
    }
  }

  private keep(path: string, root: string): void {
    this.files.add(path)
    if (!this.roots.has(path)) this.roots.set(path, root)
  }

  private skip(path: string, reason: string): void {
    if (this.skippedSeen.has(path) || this.files.has(path)) return
    this.skippedSeen.add(path)
    this.skipped.push({ path, reason })
  }

  private noteSite(site: SiteLayout): void {
    if (!this.sites.has(site.root)) this.sites.set(site.root, { kind: site.kind, root: site.root, label: site.label })
    if (!this.layouts.has(site.root)) this.layouts.set(site.root, site)
  }

  private async walk(folder: string, root: string, site: SiteLayout | null): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => null)
    if (!entries) {
      this.unreadable.push(folder)
      return
    }
    if (!site) {
      site = await detectSite(folder, folderEntries(entries))
      if (site) {
        this.noteSite(site)
        root = folder
      }
    }
    const names = new Set(entries.map((e) => e.name))
    for (const entry of entries) {
      const path = join(folder, entry.name)
      const rel = site ? toSlashes(relative(site.root, path)) : ''
      if (entry.isDirectory()) {
        const why = entry.name.startsWith('.')
          ? 'hidden folder'
          : (SKIPPED_FOLDERS.get(entry.name) ?? site?.skipFolder(rel) ?? null)
        if (why) this.skip(path + sep, why)
        else await this.walk(path, root, site)
        continue
      }
      if (!(await isFileEntry(entry, path))) continue
      const documents = site?.extensions ?? PLAIN_FOLDER_DOCUMENTS
      if (!documents.has(extname(entry.name).toLowerCase())) continue
      const twin = notebookTwin(entry.name, names, documents)
      const why = entry.name.startsWith('.')
        ? 'hidden file'
        : isRepositoryFileName(entry.name) && !site?.lists?.(rel)
          ? 'repository file, not an essay (name it on the command line to import it)'
          : (site?.skipFile(rel) ??
            (twin ? `a notebook paired with ${twin} (jupytext or a rendered copy): the text file is imported` : null))
      const reason =
        why ?? (site?.skipContent ? await site.skipContent(path) : null) ?? (await redirectStubReason(path))
      if (reason) this.skip(path, reason)
      else this.keep(path, root)
    }
  }
}

/** Regular files, and symbolic links to files (links to folders are never followed). */
async function isFileEntry(entry: { isFile(): boolean; isSymbolicLink(): boolean }, path: string): Promise<boolean> {
  if (entry.isFile()) return true
  if (!entry.isSymbolicLink()) return false
  const target = await stat(path).catch(() => null)
  return target?.isFile() ?? false
}

function folderEntries(entries: Array<{ name: string; isDirectory(): boolean; isFile(): boolean }>): FolderEntries {
  const files = new Set<string>()
  const folders = new Set<string>()
  for (const e of entries) {
    if (e.isDirectory()) folders.add(e.name)
    else if (e.isFile()) files.add(e.name)
  }
  return { files, folders }
}

/** How far up a given path a site root is looked for (`site/_posts/2019/x.md` is three levels). */
const ENCLOSING_LEVELS = 6

/**
 * The site a path given on the command line lies in (`blog import site/_posts`), when the site
 * would import it: its root is then the site's root, where `/assets/…` paths are found.
 */
async function enclosingSite(from: string, target: string): Promise<SiteLayout | null> {
  let folder = from
  for (let level = 0; level < ENCLOSING_LEVELS; level++) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => null)
    if (entries) {
      const site = await detectSite(folder, folderEntries(entries))
      if (site) {
        const rel = toSlashes(relative(folder, target))
        return (await stat(target)).isDirectory()
          ? isWithin(site, rel)
            ? site
            : null
          : site.skipFile(rel) === null || site.publishes?.(rel)
            ? site
            : null
      }
    }
    const parent = dirname(folder)
    if (parent === folder) return null
    folder = parent
  }
  return null
}

/** Whether a folder (relative to the site's root) is walked by the site: it and every folder above it. */
function isWithin(site: SiteLayout, rel: string): boolean {
  const parts = rel.split('/')
  for (let i = 1; i <= parts.length; i++) if (site.skipFolder(parts.slice(0, i).join('/')) !== null) return false
  return true
}

function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/')
}

/** Locale-independent order, so the same tree always imports in the same order. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
