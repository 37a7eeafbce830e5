import { join } from 'node:path'
import { z } from 'zod'
import { bookConfig } from '../files/book-config.js'
import { jekyllLayoutMacros } from './layout-macros.js'

/** A macro's name as configuration files write it: with or without its backslash. */
const MacroName = z
  .string()
  .trim()
  .regex(/^\\?(?:[A-Za-z]+|[^A-Za-z\s])$/)
  .transform((name) => (name.startsWith('\\') ? name : `\\${name}`))

const MAX_BODY = 2000

/**
 * A macro's definition, in each spelling the tools write it: a body (`'\mathbb{R}'`), MathJax's
 * `[body, arguments]` (`["\\lfloor #1 \\rfloor", 1]`) or `[body]`, or mystmd's `{macro: body}`.
 */
const MacroBody = z.union([
  z.string().max(MAX_BODY),
  z.tuple([z.string().max(MAX_BODY), z.number().int().min(0).max(9)]).rest(z.unknown()),
  // `["\\vect{x}"]`: MathJax takes an array without its count as a macro of no arguments.
  z.tuple([z.string().max(MAX_BODY)]),
  z.looseObject({ macro: z.string().max(MAX_BODY) }),
])

const MacroTable = z.record(z.string(), z.unknown())

/**
 * Jupyter Book 1: Sphinx's MathJax 3 (`tex.macros`) or MathJax 2 (`TeX.Macros`) settings. The
 * Sphinx of Jupyter Book 0.x passes `mathjax_config` to the page as MathJax's own configuration,
 * which the MathJax 3 it loads reads as `tex.macros`: that spelling counts under it too.
 */
const JupyterBookMath = z.looseObject({
  sphinx: z
    .looseObject({
      config: z
        .looseObject({
          mathjax3_config: z.looseObject({ tex: z.looseObject({ macros: MacroTable }).optional() }).optional(),
          mathjax_config: z
            .looseObject({
              TeX: z.looseObject({ Macros: MacroTable }).optional(),
              tex: z.looseObject({ macros: MacroTable }).optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
})

/** mystmd: `math` in the project's frontmatter (`myst.yml`), which each page's own `math` extends. */
const MystMath = z.looseObject({ project: z.looseObject({ math: MacroTable.optional() }).optional() })

/**
 * The TeX macros an essay's formulas may use beyond its own `\newcommand`s, as definitions in
 * the order they apply (a page's own override its book's): a Jekyll layout's MathJax or KaTeX
 * configuration (layout-macros.ts), a Jupyter Book's MathJax settings in
 * `_config.yml`, a mystmd project's `math` in `myst.yml`, and the page's front-matter `math`.
 * Entries that are not macro definitions (`math: true` in a Hugo or Jekyll front matter, a
 * name with spaces, a body that is not text) are skipped.
 */
export function mathMacrosFor(
  root: string | undefined,
  frontmatter: Record<string, unknown>,
  essayPath?: string,
): MathMacros {
  const tables: Record<string, unknown>[] = []
  const files: string[] = []
  if (root) {
    // A Jekyll site's: the MathJax or KaTeX configuration of the layout the page is set in.
    const inPosts = essayPath !== undefined && /[\\/]_posts[\\/]/.test(essayPath)
    const layout = jekyllLayoutMacros(root, frontmatter, inPosts)
    tables.push(...layout.tables)
    files.push(...layout.files)
    const config = bookConfig(root)
    const book = JupyterBookMath.safeParse(config.jupyterBook)
    const sphinx = book.success ? book.data.sphinx?.config : undefined
    const mathjax = [
      sphinx?.mathjax_config?.TeX?.Macros,
      sphinx?.mathjax_config?.tex?.macros,
      sphinx?.mathjax3_config?.tex?.macros,
    ].filter((t) => t !== undefined)
    if (mathjax.length > 0) files.push(join(root, '_config.yml'))
    tables.push(...mathjax)
    const myst = MystMath.safeParse(config.myst)
    if (myst.success && myst.data.project?.math) {
      tables.push(myst.data.project.math)
      files.push(join(root, 'myst.yml'))
    }
  }
  const page = MacroTable.safeParse(frontmatter.math)
  if (page.success) tables.push(page.data)
  return { definitions: tables.flatMap(definitionsOf), files }
}

/** Macro definitions, and the configuration files they came from (a change to one imports the page again). */
export interface MathMacros {
  definitions: string[]
  files: string[]
}

function definitionsOf(table: Record<string, unknown>): string[] {
  const out: string[] = []
  for (const [key, value] of Object.entries(table)) {
    const name = MacroName.safeParse(key)
    const body = MacroBody.safeParse(value)
    if (!name.success || !body.success) continue
    const [text, count] =
      typeof body.data === 'string'
        ? [body.data, argumentsUsed(body.data)]
        : Array.isArray(body.data)
          ? [body.data[0], body.data[1] ?? 0]
          : [body.data.macro, argumentsUsed(body.data.macro)]
    out.push(`\\newcommand{${name.data}}${count > 0 ? `[${count}]` : ''}{${text}}`)
  }
  return out
}

/** mystmd counts a macro's arguments from the highest `#n` its body uses. */
function argumentsUsed(body: string): number {
  let most = 0
  for (const m of body.matchAll(/#([1-9])/g)) most = Math.max(most, Number(m[1]))
  return most
}
