import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './temp-dir.js'

const BUILT_CLI = join(projectRoot, 'dist', 'app', 'main.js')
/** What the compiled CLI is made from: a file here newer than the build means the build is stale. */
const SOURCES = ['src', 'web', 'bin', 'package.json', 'tsconfig.json']

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)))
  return newest
}

let built: boolean | undefined

/**
 * Whether spawned `blog` processes can run the compiled CLI: `npm test` builds before it runs
 * the tests, and the compiled CLI starts about 2–3× faster than the sources run through tsx,
 * which over some 300 spawned commands is minutes of CI. When a source file is newer than the
 * build (a developer running vitest straight after an edit), the sources run, so a test never
 * checks stale code.
 */
export function builtCliIsCurrent(): boolean {
  if (built === undefined) {
    const builtAt = existsSync(BUILT_CLI) ? statSync(BUILT_CLI).mtimeMs : 0
    built = builtAt > 0 && SOURCES.every((s) => newestMtime(join(projectRoot, s)) <= builtAt)
  }
  return built
}

/** The SCHOLIA_SOURCE value spawned `blog` processes get (see bin/blog.js). */
export function cliSourceMode(): '0' | '1' {
  return builtCliIsCurrent() ? '0' : '1'
}
