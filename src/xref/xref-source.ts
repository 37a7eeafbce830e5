import { posix } from 'node:path'
import type { PostMeta } from '../shared/schemas/index.js'

/**
 * Where uploads live for cross-references: a folder no real path can be in. An upload's source
 * is a name (`upload:intro.md`), but essays uploaded as a folder refer to each other by their
 * paths in it (`../chapter/attention.md`, `/D/wish`), so each is placed at its path here.
 */
const UPLOAD_TREE = '/upload:'

/**
 * The absolute, `/`-separated path a post's references are read from: its source file's, or
 * for an upload its place in the upload tree; null for posts written on the site.
 */
export function xrefSourcePath(
  source: PostMeta['source'] | { path: string; relative?: string } | null | undefined,
): string | null {
  if (!source) return null
  const path = source.path.replace(/\\/g, '/')
  if (posix.isAbsolute(path)) return path
  if (source.relative) return posix.join(UPLOAD_TREE, posix.normalize(`/${source.relative.replace(/\\/g, '/')}`))
  return null
}
