import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { relative, resolve } from 'node:path'

/**
 * The local files an essay's render looked at (found or not) and a stamp of their sizes and
 * modification times. Kept with the post's source, so that a re-import of an unchanged essay
 * knows whether a figure was replaced or a missing one appeared with one `stat` per file,
 * without reading the post's body or the figures themselves.
 */
export interface FigureStamp {
  /** Relative to the essay's import root, so that an upload (a new temporary root each time) compares with its own files. */
  files: string[]
  stamp: string
}

/** The stamp of these files (absolute paths) as they are on disk now. */
export function stampFiles(files: Iterable<string>, root: string): FigureStamp {
  const sorted = [...new Set([...files].map((file) => relative(root, file)))].sort()
  const hash = createHash('sha256')
  for (const file of sorted) {
    let state = 'missing'
    try {
      const info = statSync(resolve(root, file))
      if (info.isFile()) state = `${info.size}:${info.mtimeMs}`
    } catch {
      // Missing (or unreadable) is a state of its own: the file appearing later changes the stamp.
    }
    hash.update(file).update('\0').update(state).update('\0')
  }
  return { files: sorted, stamp: hash.digest('hex').slice(0, 24) }
}

/**
 * Whether the files behind a stored stamp are still as they were, read from the essay's root now;
 * true when the essay used none. An upload's files are new each time (its root is a fresh
 * temporary folder), so for an upload this says whether the same files came with it again.
 */
export function figuresUnchanged(stored: FigureStamp | undefined, root: string | undefined): boolean {
  if (!stored || stored.files.length === 0) return true
  if (!root) return false
  return (
    stampFiles(
      stored.files.map((file) => resolve(root, file)),
      root,
    ).stamp === stored.stamp
  )
}
