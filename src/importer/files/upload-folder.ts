import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Upload } from './uploads.js'

/** How deep and how long a folder path from the browser may be; deeper paths are cut. */
const MAX_DEPTH = 12
const MAX_SEGMENT = 120

/**
 * A relative path the browser sent (`webkitRelativePath`, or a dropped folder's path) made safe
 * to write under a folder of our own: only plain names survive — no `..`, `.`, empty or
 * absolute parts, no drive letters or characters a file system refuses — so nothing can land
 * outside. The last part is always the file's own (cleaned) name.
 */
export function safeRelativePath(path: string | undefined, name: string): string {
  const clean = (part: string) =>
    part
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_')
      .trim()
      .slice(0, MAX_SEGMENT)
  const parts = (path ?? '')
    .split(/[/\\]+/)
    .map(clean)
    .filter((p) => p !== '' && p !== '.' && p !== '..' && !/^\.+$/.test(p))
  const base = clean(name.split(/[/\\]+/).pop() ?? '') || 'unnamed'
  const folders = parts.slice(0, -1).slice(-MAX_DEPTH)
  return [...folders, base].join('/')
}

/** The upload as a folder on disk: each file at its safe relative path; `root` is the chosen folder. */
export interface UploadFolder {
  root: string
  /** Absolute path of each upload, by its index in the batch. */
  files: string[]
  remove(): Promise<void>
}

/**
 * Writes a batch into a fresh temp folder with the relative paths the browser gave, so that an
 * essay's `../img/x.png`, a site-root `/assets/…` and a `.bib` beside it are found exactly as
 * `blog import` finds them in a folder. When every path starts with the same folder (the one
 * the user chose), that folder is the root. The files sit one level below the temp folder
 * (`…/site/`), so the parent an essay at the top may reach (see allowedFolders) holds nothing
 * but this upload.
 */
export async function writeUploadFolder(uploads: readonly Upload[]): Promise<UploadFolder> {
  const temp = await mkdtemp(join(tmpdir(), 'scholia-upload-'))
  const root = join(temp, 'site')
  const remove = () => rm(temp, { recursive: true, force: true })
  try {
    const relative = withoutCommonFolder(uploads.map((u) => safeRelativePath(u.path, u.name)))
    const taken = new Set<string>()
    const files: string[] = []
    for (const [i, upload] of uploads.entries()) {
      const path = unique(relative[i], taken)
      const absolute = join(root, ...path.split('/'))
      await mkdir(dirname(absolute), { recursive: true })
      await writeFile(absolute, upload.bytes, { flag: 'wx' })
      files.push(absolute)
    }
    return { root, files, remove }
  } catch (e) {
    await remove()
    throw e
  }
}

function withoutCommonFolder(paths: string[]): string[] {
  const first = paths[0]?.split('/')
  if (!first || first.length < 2) return paths
  const top = first[0]
  return paths.every((p) => p.startsWith(`${top}/`)) ? paths.map((p) => p.slice(top.length + 1)) : paths
}

/** Two files of a batch at the same path (two folders' `index.md` dropped flat): the second gets `-2`. */
function unique(path: string, taken: Set<string>): string {
  let candidate = path
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = path.replace(/(\.[^./]*)?$/, `-${n}$1`)
  taken.add(candidate.toLowerCase())
  return candidate
}
