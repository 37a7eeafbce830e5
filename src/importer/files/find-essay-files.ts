import { readdir, stat } from 'node:fs/promises'
import { dirname, extname, join, resolve } from 'node:path'

/** What a walk over the paths given to `blog import` found. */
export interface FoundEssayFiles {
  /** Absolute markdown file paths, sorted and without duplicates. */
  files: string[]
  /** Paths as given that do not exist. */
  missing: string[]
  /** Folders that exist but could not be listed (permissions), absolute; their files are not in `files`. */
  unreadable: string[]
  /** For each file, the folder it was found from (the folder named on the command line, or the file's own folder). */
  roots: Map<string, string>
}

const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown'])
const SKIPPED_FOLDERS = new Set(['_licenses', 'node_modules'])

/** True for a `.md`/`.markdown` file name, in any case. */
export function isMarkdownFileName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.has(extname(name).toLowerCase())
}

/**
 * Markdown files under the given paths. A path may be a file (kept if it is markdown) or a
 * folder, walked recursively. While walking, dot-files and dot-folders, `_licenses` and
 * `node_modules` are skipped, and symbolic links to folders are not followed (they could lead
 * out of the tree or into a loop); symbolic links to files are kept.
 */
export async function findEssayFiles(paths: string[]): Promise<FoundEssayFiles> {
  const files = new Set<string>()
  const missing: string[] = []
  const unreadable: string[] = []
  const roots = new Map<string, string>()
  for (const given of paths) {
    const absolute = resolve(given)
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => error)
    if (info instanceof Error) {
      if (info.code === 'ENOENT' || info.code === 'ENOTDIR') missing.push(given)
      else unreadable.push(absolute)
      continue
    }
    if (info.isDirectory()) {
      const found = new Set<string>()
      await walk(absolute, found, unreadable)
      for (const file of found) {
        files.add(file)
        if (!roots.has(file)) roots.set(file, absolute)
      }
    } else if (info.isFile() && isMarkdownFileName(absolute)) {
      files.add(absolute)
      if (!roots.has(absolute)) roots.set(absolute, dirname(absolute))
    }
  }
  return { files: [...files].sort(compareCodeUnits), missing, unreadable, roots }
}

async function walk(folder: string, files: Set<string>, unreadable: string[]): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => null)
  if (!entries) {
    unreadable.push(folder)
    return
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await walk(path, files, unreadable)
    } else if (entry.isFile()) {
      if (isMarkdownFileName(entry.name)) files.add(path)
    } else if (entry.isSymbolicLink() && isMarkdownFileName(entry.name)) {
      const target = await stat(path).catch(() => null)
      if (target?.isFile()) files.add(path)
    }
  }
}

/** Locale-independent order, so the same tree always imports in the same order. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
