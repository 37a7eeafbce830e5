import { join } from 'node:path'
import { z } from 'zod'
import type { EssayWarning } from '../../shared/schemas/index.js'
import { bookConfig } from '../files/book-config.js'

/** A table of substitutions as written: checked entry by entry below, so one bad value costs only itself. */
const Table = z.record(z.string(), z.unknown())
const Scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String)
/** Jinja reads `{{ a.b }}` into nested tables; deeper than this is data, not text. */
const MAX_DEPTH = 3
const MAX_VALUE = 20000

/** Jupyter Book 1's `_config.yml`: `parse.myst_substitutions`, for every page (myst-parser's setting). */
const JupyterBookConfig = z.looseObject({
  parse: z.looseObject({ myst_substitutions: z.unknown().optional() }).nullish(),
})
/** mystmd's `myst.yml`: the project's (or the site's) `substitutions`. */
const MystConfig = z.looseObject({
  project: z.looseObject({ substitutions: z.unknown().optional() }).nullish(),
  site: z.looseObject({ substitutions: z.unknown().optional() }).nullish(),
})
/** A page's front matter: mystmd's `substitutions`, or myst-parser's `myst: substitutions`. */
const PageFrontMatter = z.looseObject({
  substitutions: z.unknown().optional(),
  myst: z.looseObject({ substitutions: z.unknown().optional() }).nullish(),
})

/** A page's substitution values, the configuration files they came from, and what was skipped. */
export interface SubstitutionValues {
  values: Map<string, string>
  files: string[]
  warnings: EssayWarning[]
}

/**
 * The MyST substitution values a page may use (`{{ key }}`): its book's (`_config.yml`'s
 * `parse.myst_substitutions`, `myst.yml`'s `site` and `project` `substitutions`), then its own
 * front matter's, which override them as in myst-parser. A setting that is not a table, or an
 * entry that is not text, is skipped with a warning. Synchronous, like the render; never throws.
 */
export function substitutionValues(root: string | undefined, frontmatter: Record<string, unknown>): SubstitutionValues {
  const out: SubstitutionValues = { values: new Map(), files: [], warnings: [] }
  const add = (table: unknown, where: string, file?: string): void => {
    if (table === undefined || table === null) return
    const parsed = Table.safeParse(table)
    if (!parsed.success) {
      out.warnings.push({ rule: 'myst-substitution', message: `${where} is not a table of key: value; ignored` })
      return
    }
    if (file && !out.files.includes(file)) out.files.push(file)
    addEntries(out, parsed.data, '', where, 0)
  }
  if (root) {
    const config = bookConfig(root)
    const book = JupyterBookConfig.safeParse(config.jupyterBook)
    if (book.success)
      add(book.data.parse?.myst_substitutions, '_config.yml parse.myst_substitutions', join(root, '_config.yml'))
    const myst = MystConfig.safeParse(config.myst)
    if (myst.success) {
      add(myst.data.site?.substitutions, 'myst.yml site.substitutions', join(root, 'myst.yml'))
      add(myst.data.project?.substitutions, 'myst.yml project.substitutions', join(root, 'myst.yml'))
    }
  }
  const page = PageFrontMatter.safeParse(frontmatter)
  if (page.success) {
    add(page.data.myst?.substitutions, 'The front matter’s myst.substitutions')
    add(page.data.substitutions, 'The front matter’s substitutions')
  }
  return out
}

function addEntries(
  out: SubstitutionValues,
  table: Record<string, unknown>,
  prefix: string,
  where: string,
  depth: number,
): void {
  for (const [name, value] of Object.entries(table)) {
    const key = prefix + name
    const scalar = Scalar.safeParse(value)
    if (scalar.success && scalar.data.length <= MAX_VALUE) out.values.set(key, scalar.data)
    else if (depth < MAX_DEPTH && Table.safeParse(value).success && !Array.isArray(value))
      addEntries(out, value as Record<string, unknown>, `${key}.`, where, depth + 1)
    else
      out.warnings.push({
        rule: 'myst-substitution',
        message: `${where}: the value of "${key}" is not text (or is too long), so {{ ${key} }} is not substituted`,
      })
  }
}
