import { z } from 'zod'
import { bookConfig } from '../files/book-config.js'

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

/**
 * The bibliographies a Jupyter Book declares for all its pages (`bibtex_bibfiles` in
 * `_config.yml`, or `project.bibliography` in `myst.yml`), as written there; null when the
 * root holds neither setting. Synchronous, like the render that asks; never throws.
 */
export function bookBibliographies(root: string): BookBibliographies | null {
  const config = bookConfig(root)
  const book = JupyterBookConfig.safeParse(config.jupyterBook)
  if (book.success && book.data.bibtex_bibfiles?.length)
    return { files: book.data.bibtex_bibfiles, config: '_config.yml (bibtex_bibfiles)' }
  const myst = MystConfig.safeParse(config.myst)
  if (myst.success && myst.data.project?.bibliography?.length)
    return { files: myst.data.project.bibliography, config: 'myst.yml (project.bibliography)' }
  return null
}
