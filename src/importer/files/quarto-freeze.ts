import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { dirname, extname, isAbsolute, join, relative } from 'node:path'
import { z } from 'zod'
import { readYaml } from './read-yaml.js'
import type { ReadEssayResult } from './read-essay-file.js'

/**
 * `_freeze/<page>/execute-results/html.json`, as `quarto render` writes it under `freeze:`: the
 * page's markdown after its code ran (outputs, tables and plots in place), and the MD5 of the
 * source it ran (Quarto's own staleness test).
 */
const FrozenPageSchema = z.object({
  hash: z.string(),
  result: z.object({ markdown: z.string() }),
})

/** Pages Quarto's engines execute, and so freeze. */
const EXECUTED = /\.(?:qmd|rmd)$/i
/** A frozen page far beyond any essay's size is not read (readEssayFile's limit is 5 MiB of text). */
const MAX_FROZEN_BYTES = 20 * 1024 * 1024
const FRONT_MATTER = /^---\n([\s\S]*?)\n---[ \t]*$/m

/** Where `freeze` may be set: at the top of a page or folder's metadata, or under `execute:`. */
const FreezeSchema = z.union([z.boolean(), z.literal('auto')])
const MetadataSchema = z.looseObject({
  freeze: z.unknown().optional(),
  execute: z.looseObject({ freeze: z.unknown().optional() }).optional().catch(undefined),
})

type Freeze = z.infer<typeof FreezeSchema>

function freezeOf(data: unknown): Freeze | undefined {
  const metadata = MetadataSchema.safeParse(data)
  if (!metadata.success) return undefined
  const written = metadata.data.freeze ?? metadata.data.execute?.freeze
  const freeze = FreezeSchema.safeParse(written)
  return freeze.success ? freeze.data : undefined
}

/**
 * `freeze` as Quarto resolves it for a page: its own front matter, else the `_metadata.yml` of
 * its folder or the nearest folder above it (djnavarro's blog sets `freeze: true` in
 * `posts/_metadata.yml`), else the project's `_quarto.yml` `execute:`.
 */
async function freezeSetting(text: string, page: string, root: string): Promise<Freeze | undefined> {
  const head = FRONT_MATTER.exec(text)
  if (head && text.startsWith('---\n')) {
    const { parse } = await import('yaml')
    let own: Freeze | undefined
    try {
      own = freezeOf(parse(head[1]))
    } catch {
      // The import reads the front matter again and reports what is wrong with it.
    }
    if (own !== undefined) return own
  }
  const folders = dirname(page)
    .split(/[\\/]/)
    .filter((part) => part !== '' && part !== '.')
  for (let depth = folders.length; depth >= 0; depth--) {
    const set = freezeOf(await readYaml(join(root, ...folders.slice(0, depth), '_metadata.yml')))
    if (set !== undefined) return set
  }
  for (const name of ['_quarto.yml', '_quarto.yaml']) {
    const set = freezeOf(await readYaml(join(root, name)))
    if (set !== undefined) return set
  }
  return undefined
}

/**
 * A Quarto page read as Quarto publishes it when the site keeps its computations frozen (the
 * `_freeze` folder Quarto tells authors to commit, so that a CI without R or Python can publish):
 * its code's outputs and plots are in the frozen markdown, and `frozenFigurePath` finds the plots.
 * The frozen result is used when its hash is the source's (as `freeze: auto` does), or when
 * `freeze: true` holds for the page (Quarto then never re-runs it, whatever was edited since). Otherwise, and for anything unreadable
 * there, the page is read from its source as before.
 */
export async function withFrozenResults(
  read: ReadEssayResult,
  path: string,
  root: string | undefined,
): Promise<ReadEssayResult> {
  if (!read.ok || root === undefined || !EXECUTED.test(path)) return read
  const page = relative(root, path)
  if (page.startsWith('..') || isAbsolute(page)) return read
  const file = join(root, '_freeze', page.slice(0, -extname(page).length), 'execute-results', 'html.json')
  try {
    if ((await stat(file)).size > MAX_FROZEN_BYTES) return read
    const frozen = FrozenPageSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    if (!frozen.success) return read
    const current =
      createHash('md5')
        .update(await readFile(path))
        .digest('hex') === frozen.data.hash
    if (!current && (await freezeSetting(read.text, page, root)) !== true) return read
    return { ...read, text: frozen.data.result.markdown.replace(/\r\n?/g, '\n') }
  } catch {
    return read
  }
}

/**
 * Where a frozen page's plot is: its markdown says `page_files/figure-html/x.png` (beside the
 * page, where Quarto renders), the file is in `_freeze/<page>/figure-html/x.png`. Null when `ref`
 * is no such path.
 */
export function frozenFigurePath(ref: string, essayPath: string, root: string): string | null {
  if (!EXECUTED.test(essayPath)) return null
  const page = relative(root, essayPath)
  if (page.startsWith('..') || isAbsolute(page)) return null
  const stem = page.slice(0, -extname(page).length)
  const name = stem.split(/[\\/]/).pop()!
  const prefix = `${name}_files/`
  if (!ref.startsWith(prefix)) return null
  return join(root, '_freeze', stem, ref.slice(prefix.length))
}
