import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { BlogError } from '../core/errors.js'

/** The file that marks a folder as a build's output, so the next build may replace it. */
export const BUILD_MARKER = '.scholia-build'
const MARKER_TEXT = `${JSON.stringify({ generator: 'scholia', note: 'Written by `blog build`; the next build replaces this whole folder.' })}\n`

/**
 * Refuses to go on when `out` holds something other than an earlier build: the folder is
 * replaced as a whole, and a mistyped `--out` must never cost anyone their files.
 */
export async function checkOutput(out: string): Promise<void> {
  let info
  try {
    info = await stat(out)
  } catch {
    return
  }
  if (!info.isDirectory())
    throw new BlogError(
      'CONFLICT',
      `${out} exists and is not a folder. Nothing was written.`,
      'Choose another --out, or remove that file first.',
    )
  const entries = await readdir(out)
  if (entries.length > 0 && !entries.includes(BUILD_MARKER)) {
    throw new BlogError(
      'CONFLICT',
      `${out} is not empty and does not look like an earlier build (it has no ${BUILD_MARKER} file), so it was left alone. Nothing was written.`,
      'Choose an empty or new folder for --out; a folder written by `blog build` is replaced.',
    )
  }
}

/** A fresh folder beside `out`, on the same file system, so it can be renamed into place. */
export async function stagingFolder(out: string): Promise<string> {
  await mkdir(dirname(out), { recursive: true })
  const staging = await mkdtemp(join(dirname(out), `.${basename(out)}.building-`))
  // mkdtemp makes it private; a web server must be able to read the published folder
  await chmod(staging, 0o755)
  await writeFile(join(staging, BUILD_MARKER), MARKER_TEXT)
  return staging
}

/**
 * Puts the finished build in place of `out` with two renames: readers of the old folder see
 * either the old build or the new one, never a half-written mix. The old one is removed last.
 */
export async function publish(staging: string, out: string): Promise<void> {
  await checkOutput(out)
  if (!existsSync(out)) {
    await rename(staging, out)
    return
  }
  const old = `${staging}.old`
  await rename(out, old)
  try {
    await rename(staging, out)
  } catch (e) {
    await rename(old, out)
    throw e
  }
  await rm(old, { recursive: true, force: true })
}
