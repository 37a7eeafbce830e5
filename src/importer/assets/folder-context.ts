import { readdirSync } from 'node:fs'
import type { EssayInput } from '../parse/index.js'
import { allowedFolders, reachablePath, referencedPath } from './resolve-reference.js'

/** A folder of more names than this is not a folder of figures; its listing is not kept. */
const MAX_NAMES = 5000

/**
 * How the render lists a folder the essay's R code names (`list.files("img/screens")`): the names
 * in it, found as a figure is (the essay's folder first, else the book's root, where bookdown
 * knits), and only within the folders its figures may come from. Undefined for an essay without
 * a folder (an upload of one file).
 */
export function folderListerFor(essay: EssayInput): ((ref: string) => string[] | null) | undefined {
  const { root } = essay
  if (!root) return undefined
  let folders: string[] | null = null
  return (ref) => {
    const target = referencedPath(ref, essay.path, root)
    if (target.kind !== 'local') return null
    folders ??= allowedFolders(essay.path, root)
    const real = reachablePath(target.path, folders)
    if (!real) return null
    try {
      const names = readdirSync(real)
      return names.length > MAX_NAMES ? null : names
    } catch {
      return null
    }
  }
}
