import { readFileSync, statSync } from 'node:fs'
import type { EssayInput } from '../parse/index.js'
import { allowedFolders, reachablePath, referencedPath } from './resolve-reference.js'

/** An included file larger than this is not an essay's part but something else. */
const MAX_INCLUDE_BYTES = 512 * 1024

export type IncludeReader = ((ref: string) => string | null) & {
  /** Every local path an include pointed at, found or not (for the figure stamp, so a change re-imports). */
  readonly looked: ReadonlySet<string>
}

/**
 * How the render reads a file the essay includes (MyST `{include}`), relative to the essay or
 * (`/…`) to its site's root, and only within the folders its figures may come from: an
 * include cannot reach outside the site it was imported with. Undefined for an essay without a
 * folder (an upload of one file).
 */
export function includeReaderFor(essay: EssayInput): IncludeReader | undefined {
  const { root } = essay
  if (!root) return undefined
  let folders: string[] | null = null
  const looked = new Set<string>()
  const reader = (ref: string): string | null => {
    const target = referencedPath(ref, essay.path, root)
    if (target.kind !== 'local') return null
    looked.add(target.path)
    folders ??= allowedFolders(essay.path, root)
    const real = reachablePath(target.path, folders)
    if (!real) return null
    try {
      if (statSync(real).size > MAX_INCLUDE_BYTES) return null
      return readFileSync(real, 'utf8')
    } catch {
      return null
    }
  }
  return Object.assign(reader, { looked })
}
