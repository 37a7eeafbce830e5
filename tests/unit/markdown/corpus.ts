import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The shared essay corpus (read-only test data, never copied into the project). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../shared/corpus', import.meta.url))

/** Every essay of the corpus (relative paths, sorted); throws if the corpus is missing. */
export function corpusFiles(): string[] {
  if (!existsSync(CORPUS_DIR)) throw new Error(`The essay corpus is missing: expected it at ${CORPUS_DIR}`)
  const files: string[] = []
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '_licenses' || name.startsWith('.')) continue
      const path = join(dir, name)
      const relPath = rel ? `${rel}/${name}` : name
      if (statSync(path).isDirectory()) walk(path, relPath)
      else if (rel !== '' && name.endsWith('.md')) files.push(relPath)
    }
  }
  walk(CORPUS_DIR, '')
  return files
}

export function readCorpusFile(relPath: string): string {
  return readFileSync(join(CORPUS_DIR, relPath), 'utf8')
}
