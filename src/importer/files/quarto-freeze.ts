import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, relative } from 'node:path'
import { z } from 'zod'
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
const FREEZE_TRUE = /^---\n[\s\S]*?^freeze:[ \t]*true[ \t]*$[\s\S]*?^---$/m

/**
 * A Quarto page read as Quarto publishes it when the site keeps its computations frozen (the
 * `_freeze` folder Quarto tells authors to commit, so that a CI without R or Python can publish):
 * its code's outputs and plots are in the frozen markdown, and `frozenFigurePath` finds the plots.
 * The frozen result is used when its hash is the source's (as `freeze: auto` does), or when the
 * page says `freeze: true` (Quarto then never re-runs it). Otherwise, and for anything unreadable
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
    if (!current && !FREEZE_TRUE.test(read.text)) return read
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
