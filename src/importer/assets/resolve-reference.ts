import { existsSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { isRemoteReference } from '../../media/asset-types.js'

/** What a `src`/`href` written in an essay names. */
export type Reference = { kind: 'remote' } | { kind: 'local'; path: string } | { kind: 'invalid' }

/**
 * The file a reference names, as the essay's site would have served it: `?query` and `#hash`
 * dropped, %-escapes decoded, a path relative to the essay's folder (else to the site's root, when
 * only that holds it), or — starting with `/` — to
 * the site's root (`/assets/img/x.png` of a Jekyll site; Hugo's `static/` folder, which Hugo
 * serves at the root). Only a path; whether the essay may
 * reach it is `reachablePath`'s question.
 */
export function referencedPath(ref: string, essayPath: string, root: string): Reference {
  if (isRemoteReference(ref)) return { kind: 'remote' }
  let path = ref.trim().split(/[?#]/)[0]
  try {
    path = decodeURIComponent(path)
  } catch {
    // A stray `%` is a character of the file name, as a web server would read it too.
  }
  if (path === '' || path.includes('\0')) return { kind: 'invalid' }
  if (!path.startsWith('/')) {
    // bookdown knits every chapter from the book's root, so a chunk's `ml/img/x.png` is the root's:
    // a relative path the essay's folder does not hold is looked for there.
    const fromEssay = resolve(dirname(essayPath), path)
    const fromBookRoot = resolve(root, path)
    return { kind: 'local', path: !existsSync(fromEssay) && existsSync(fromBookRoot) ? fromBookRoot : fromEssay }
  }
  const fromRoot = resolve(root, `.${path}`)
  // Hugo serves its `static/` folder at the site's root: `/post_img/x.png` is `static/post_img/x.png`.
  const fromStatic = resolve(root, 'static', `.${path}`)
  return { kind: 'local', path: !existsSync(fromRoot) && existsSync(fromStatic) ? fromStatic : fromRoot }
}

/**
 * The folders an essay's files must be inside (after following symbolic links): the folder the
 * import started from, and — when that is the essay's own folder (one file named, or an essay
 * at the top of the folder) — its parent too, for the common `../img/` layout of books such as
 * d2l. Nothing outside them is ever copied, so `../../../etc/passwd.png` stays unresolved.
 */
export function allowedFolders(essayPath: string, root: string): string[] {
  const folders = [root]
  if (resolve(dirname(essayPath)) === resolve(root)) folders.push(dirname(resolve(root)))
  return folders.map((f) => realOr(f)).filter((f): f is string => f !== null)
}

/** The real path of `path` when it exists inside one of `folders` (real paths), else null. */
export function reachablePath(path: string, folders: readonly string[]): string | null {
  const real = realOr(path)
  if (!real) return null
  return folders.some((folder) => isInside(real, folder)) ? real : null
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

function realOr(path: string): string | null {
  try {
    return realpathSync(path)
  } catch {
    return null
  }
}
