import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'

/** A list of paths or one path, as both configuration files allow. */
const Paths = z.union([z.string(), z.array(z.string())]).transform((v) => [v].flat())

/** Jupyter Book 1's `_config.yml`: `bibtex_bibfiles`, for every page of the book (sphinxcontrib-bibtex). */
const JupyterBookConfig = z.looseObject({ bibtex_bibfiles: Paths.optional() })
/** mystmd's `myst.yml` (Jupyter Book 2): `project.bibliography`. */
const MystConfig = z.looseObject({ project: z.looseObject({ bibliography: Paths.optional() }).optional() })

/** The bibliography files a book's configuration names, relative to its root, and which file named them. */
export interface BookBibliographies {
  files: string[]
  config: string
}

/** Per root, by the configuration's modification time: every page of a book asks. */
const known = new Map<string, { stamp: string; answer: BookBibliographies | null }>()

/**
 * The bibliographies a Jupyter Book declares for all its pages (`bibtex_bibfiles` in
 * `_config.yml`, or `project.bibliography` in `myst.yml`), as written there; null when the
 * root holds neither setting. Synchronous, like the render that asks; never throws.
 */
export function bookBibliographies(root: string): BookBibliographies | null {
  const stamp = ['_config.yml', 'myst.yml'].map((name) => stampOf(join(root, name))).join('|')
  const cached = known.get(root)
  if (cached?.stamp === stamp) return cached.answer
  const answer = read(root)
  known.set(root, { stamp, answer })
  return answer
}

function read(root: string): BookBibliographies | null {
  const book = JupyterBookConfig.safeParse(readYaml(join(root, '_config.yml')))
  if (book.success && book.data.bibtex_bibfiles?.length)
    return { files: book.data.bibtex_bibfiles, config: '_config.yml (bibtex_bibfiles)' }
  const myst = MystConfig.safeParse(readYaml(join(root, 'myst.yml')))
  if (myst.success && myst.data.project?.bibliography?.length)
    return { files: myst.data.project.bibliography, config: 'myst.yml (project.bibliography)' }
  return null
}

function stampOf(path: string): string {
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
    // No configuration, or one that cannot be read: it names no bibliography.
    return null
  }
}
