import { mkdtempSync, rmSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
export const corpusDir = join(projectRoot, '..', 'shared', 'corpus')

const base = join(projectRoot, 'tests', '.tmp')

/** A fresh folder under tests/.tmp (gitignored); removed by the returned cleanup. */
export function tempDir(prefix = 'scholia-'): { path: string; cleanup: () => void } {
  mkdirSync(base, { recursive: true })
  const path = mkdtempSync(join(base, prefix))
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) }
}
