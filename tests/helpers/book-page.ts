import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEssay } from '../../src/importer/packed-essay.js'
import { prepareEssay } from '../../src/importer/prepare-essay.js'

/** A book's root folder in the system's temp folder, holding `files` (relative path → text). */
export function bookFolder(files: Record<string, string>, prefix = 'scholia-book-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

/** A page of the book at `root` as an import prepares it: its render and the files it depends on. */
export function preparedPage(root: string, path: string, text: string) {
  const prepared = prepareEssay({
    essay: { path: join(root, path), text, mtime: new Date('2024-01-01'), root },
    options: { ownerName: 'Owner' },
  })
  if ('failed' in prepared) throw new Error(prepared.failed)
  return openEssay(prepared)
}
