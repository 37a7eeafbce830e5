import { existsSync, readdirSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { isRemoteReference } from '../../media/asset-types.js'
import { frozenFigurePath } from '../files/quarto-freeze.js'

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
    // a relative path the essay's folder does not hold is looked for there; a frozen Quarto
    // page's plot, in the site's `_freeze` folder.
    const frozen = frozenFigurePath(path, essayPath, root)
    const candidates = [resolve(dirname(essayPath), path), resolve(root, path)]
    return { kind: 'local', path: firstFound(frozen ? [...candidates, frozen] : candidates, root) }
  }
  // Hugo serves its `static/` folder at the site's root: `/post_img/x.png` is `static/post_img/x.png`.
  return { kind: 'local', path: firstFound([resolve(root, `.${path}`), resolve(root, 'static', `.${path}`)], root) }
}

/**
 * The first candidate that exists; else the first that exists but for the case of its letters
 * (`CHARMM_eqn.PNG` for `CHARMM_eqn.png`: written on a laptop whose disk ignores case, where the
 * author saw the figure); else the first, to be reported as not found.
 */
function firstFound(candidates: readonly string[], root: string): string {
  const exact = candidates.find((c) => existsSync(c))
  if (exact) return exact
  for (const c of candidates) {
    const folded = caseFolded(c, resolve(root))
    if (folded) return folded
  }
  return candidates[0]
}

/** `path` with each missing part below `root` replaced by the one entry of its folder that differs from it only in case. */
function caseFolded(path: string, root: string): string | null {
  const rel = relative(root, path)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
  let at = root
  for (const part of rel.split(sep)) {
    const exact = join(at, part)
    if (existsSync(exact)) {
      at = exact
      continue
    }
    let entries: string[]
    try {
      entries = readdirSync(at)
    } catch {
      return null
    }
    const matches = entries.filter((e) => e.toLowerCase() === part.toLowerCase())
    if (matches.length !== 1) return null
    at = join(at, matches[0])
  }
  return at
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
