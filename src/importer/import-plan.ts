import { findEssayFiles, type FoundSite, type SkippedPath } from './files/find-essay-files.js'

/** What `blog import PATHS` would do, worked out without reading an essay or opening the data folder. */
export interface ImportPlan {
  /** Files that would be imported, each with the root its site-root paths and bibliography are found from. */
  files: Array<{ path: string; root: string }>
  /** Markdown files and folders left out, and why. */
  skipped: SkippedPath[]
  /** Paths as given that do not exist (a real import reports them as failed). */
  missing: string[]
  /** Folders that could not be listed. */
  unreadable: string[]
  /** Sites recognised, with the root their files are imported from. */
  sites: FoundSite[]
}

/** `blog import --dry-run`: the walk an import starts with, and nothing else. */
export async function planImport(paths: string[]): Promise<ImportPlan> {
  const found = await findEssayFiles(paths)
  return {
    files: found.files.map((path) => ({ path, root: found.roots.get(path) ?? path })),
    skipped: found.skipped,
    missing: found.missing,
    unreadable: found.unreadable,
    sites: found.sites,
  }
}
