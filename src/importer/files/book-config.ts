import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

/** A book's configuration files as parsed YAML (null when absent or unreadable), for zod to read. */
export interface BookConfig {
  /** Jupyter Book 1's `_config.yml`. */
  jupyterBook: unknown
  /** mystmd's `myst.yml` (Jupyter Book 2). */
  myst: unknown
}

const FILES = ['_config.yml', 'myst.yml'] as const

/** Per root, by the files' sizes and modification times: every page of a book asks. */
const known = new Map<string, { stamp: string; config: BookConfig }>()

/**
 * The configuration a Jupyter Book or mystmd project keeps at its root, parsed once per change.
 * Synchronous, like the render that asks; never throws.
 */
export function bookConfig(root: string): BookConfig {
  const stamp = FILES.map((name) => stampOf(join(root, name))).join('|')
  const cached = known.get(root)
  if (cached?.stamp === stamp) return cached.config
  const config = { jupyterBook: readYaml(join(root, FILES[0])), myst: readYaml(join(root, FILES[1])) }
  known.set(root, { stamp, config })
  return config
}

/** A file's size and modification time, '-' when absent: what tells a cached reading is stale. */
export function stampOf(path: string): string {
  try {
    const info = statSync(path)
    return `${info.size}:${info.mtimeMs}`
  } catch {
    return '-'
  }
}

function readYaml(path: string): unknown {
  try {
    return parse(readFileSync(path, 'utf8')) as unknown
  } catch {
    // No configuration, or one that cannot be read: it sets nothing.
    return null
  }
}
