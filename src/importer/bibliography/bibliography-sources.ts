import { readdirSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { z } from 'zod'
import { bookBibliographies } from './book-bibliographies.js'

/** File kinds a bibliography may be: BibTeX/BibLaTeX, or CSL-JSON named in front matter. */
const BIBLIOGRAPHY_FILE = /\.(?:bib|bibtex|json)$/i
const BIB_FILE = /\.(?:bib|bibtex)$/i
/** al-folio (jekyll-scholar) keeps a site's bibliographies here. */
const SITE_BIBLIOGRAPHY_FOLDER = join('assets', 'bibliography')

const FrontMatterField = z.union([z.string(), z.array(z.string())])

/** A bibliography file to read, or one the essay names that cannot be used (a warning). */
export type BibliographySource = { path: string } | { missing: string; reason: string }

/**
 * The bibliography files an essay may cite from, in the order their entries win when two
 * define the same key: the files its front matter names (`bibliography: refs.bib` or a list,
 * relative to the essay's folder, else to the site's `assets/bibliography/`), then the book's
 * (a Jupyter Book's `bibtex_bibfiles`, mystmd's `project.bibliography`), then every `.bib`
 * beside the essay, then those of each folder above it up to the import root (so d2l.bib is
 * found for every chapter of the book, whether the import started at the book or above it).
 * Nothing outside the essay's folder and the import root is ever read.
 */
export function bibliographySources(
  essayPath: string,
  root: string | undefined,
  frontmatter: Record<string, unknown>,
): BibliographySource[] {
  const folder = dirname(essayPath)
  const allowed = [real(folder), ...(root ? [real(root)] : [])].filter((f): f is string => f !== null)
  const out: BibliographySource[] = []
  const seen = new Set<string>()
  const add = (path: string): void => {
    // A symbolic link may point anywhere: what counts is where the file really is.
    const file = real(path)
    if (file && !seen.has(file) && allowed.some((dir) => inside(file, dir))) {
      seen.add(file)
      out.push({ path: file })
    }
  }

  const named = FrontMatterField.safeParse(frontmatter.bibliography)
  for (const name of named.success ? [named.data].flat() : []) {
    const value = name.trim()
    if (value === '') continue
    const found = namedFile(value, folder, root, allowed)
    // Named twice, or also beside the essay: read once.
    if (typeof found === 'string') add(found)
    else out.push({ missing: value, reason: found.reason })
  }
  const book = root ? bookBibliographies(root) : null
  for (const name of book?.files ?? []) {
    const value = name.trim()
    if (value === '' || !root) continue
    const found = bookFile(value, root, allowed)
    if (typeof found === 'string') add(found)
    else out.push({ missing: value, reason: `named in ${book!.config}: ${found.reason}` })
  }
  for (const dir of foldersUp(folder, root)) for (const file of bibFilesIn(dir)) add(file)
  return out
}

function namedFile(
  value: string,
  folder: string,
  root: string | undefined,
  allowed: string[],
): string | { reason: string } {
  if (!BIBLIOGRAPHY_FILE.test(value)) return { reason: 'only .bib and CSL .json files are read' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || isAbsolute(value)) return { reason: 'give a path relative to the essay' }
  const candidates = [resolve(folder, value), ...(root ? [resolve(root, SITE_BIBLIOGRAPHY_FOLDER, value)] : [])]
  for (const candidate of candidates) {
    const file = real(candidate)
    if (file === null) continue
    if (!allowed.some((dir) => inside(file, dir))) return { reason: 'outside the essay folder and the import root' }
    return file
  }
  return { reason: 'file not found' }
}

/** A file a book's configuration names, relative to the book's root (where the configuration is). */
function bookFile(value: string, root: string, allowed: string[]): string | { reason: string } {
  if (!BIBLIOGRAPHY_FILE.test(value)) return { reason: 'only .bib and CSL .json files are read' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || isAbsolute(value)) return { reason: 'give a path relative to the book' }
  const file = real(resolve(root, value))
  if (file === null) return { reason: 'file not found' }
  return allowed.some((dir) => inside(file, dir)) ? file : { reason: 'outside the book' }
}

/** The essay's folder, then each parent up to `root` inclusive; only the essay's folder without a root inside it. */
function foldersUp(folder: string, root: string | undefined): string[] {
  const folders = [folder]
  if (!root) return folders
  const top = resolve(root)
  if (!inside(resolve(folder), top)) return folders
  for (let dir = resolve(folder); dir !== top;) {
    const parent = dirname(dir)
    if (parent === dir) break
    folders.push(parent)
    dir = parent
  }
  return folders
}

function bibFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && BIB_FILE.test(e.name))
      .map((e) => join(dir, e.name))
      .sort()
  } catch {
    return []
  }
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel))
}

function real(path: string): string | null {
  try {
    return realpathSync(path)
  } catch {
    return null
  }
}
