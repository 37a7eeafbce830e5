import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import JSON5 from 'json5'
import { z } from 'zod'

/** Layouts a page's own may sit in (`layout: default` in a layout's front matter), at most. */
const MAX_LAYOUT_DEPTH = 6
/** `{% include %}`d files read, at most, across the chain. */
const MAX_INCLUDES = 12
const MAX_FILE_BYTES = 256 * 1024
const MAX_TABLE_CHARS = 20_000

const LayoutName = z
  .string()
  .trim()
  .regex(/^[\w.-]+$/)

/**
 * The macro tables a Jekyll page's formulas were typeset with: the MathJax (2 or 3) or KaTeX
 * configuration in the layout the page names, the layouts that one sits in, and the files they
 * `{% include %}` (`_includes/mathjax.html`), as Jekyll assembles the page around the post.
 * Macros are written there as a JavaScript object, `TeX: {Macros: {vec: ["{\\mathbf{#1}}", 1]}}`,
 * `tex: {macros: {…}}` or KaTeX's `macros: {"\\RR": "\\mathbb{R}"}`, read here with JSON5 (the
 * object-literal syntax: unquoted keys, single quotes, trailing commas). A table that is not one
 * (a function, a variable) is skipped. Also the files read, for the re-import stamp.
 */
export function jekyllLayoutMacros(
  root: string,
  frontmatter: Record<string, unknown>,
  inPosts: boolean,
): { tables: Record<string, unknown>[]; files: string[] } {
  const layouts = join(root, '_layouts')
  if (!existsSync(layouts)) return { tables: [], files: [] }
  const named = LayoutName.safeParse(frontmatter.layout)
  let name: string | null = named.success ? named.data : inPosts ? 'post' : 'default'
  const texts: string[] = []
  const files: string[] = []
  const seen = new Set<string>()
  for (let depth = 0; name && depth < MAX_LAYOUT_DEPTH && !seen.has(name); depth++) {
    seen.add(name)
    const file = join(layouts, `${name}.html`)
    const text = readSmall(file)
    if (text === null) break
    files.push(file)
    texts.push(text)
    const parent = /^---\s*\n[^]*?^layout\s*:\s*["']?([\w.-]+)["']?\s*$[^]*?^---\s*$/m.exec(text)
    name = parent ? parent[1] : null
  }
  const included = new Set<string>()
  for (let k = 0; k < texts.length && included.size < MAX_INCLUDES; k++)
    for (const m of texts[k].matchAll(/\{%-?\s*include\s+([\w./-]+)/g)) {
      const ref = m[1]
      if (included.has(ref) || ref.includes('..') || included.size >= MAX_INCLUDES) continue
      included.add(ref)
      const file = join(root, '_includes', ref)
      const text = readSmall(file)
      if (text === null) continue
      files.push(file)
      texts.push(text)
    }
  const tables = texts.flatMap(macroTablesIn)
  return { tables, files: tables.length > 0 ? files : [] }
}

function readSmall(file: string): string | null {
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return null
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** Every `Macros: {…}` / `macros: {…}` object written in a page's scripts. */
export function macroTablesIn(text: string): Record<string, unknown>[] {
  const tables: Record<string, unknown>[] = []
  for (const m of text.matchAll(/\b["']?(?:Macros|macros)["']?\s*:\s*\{/g)) {
    const start = m.index + m[0].length - 1
    const end = closingBrace(text, start)
    if (end === -1) continue
    try {
      const table: unknown = JSON5.parse(text.slice(start, end + 1))
      if (table && typeof table === 'object' && !Array.isArray(table)) tables.push(table as Record<string, unknown>)
    } catch {
      // Not a literal (a variable, a function call): MathJax would run it; nothing to read here.
    }
  }
  return tables
}

/** The index of the `}` closing the `{` at `start`, skipping strings; -1 when there is none within reach. */
function closingBrace(text: string, start: number): number {
  let depth = 0
  let quote: string | null = null
  const end = Math.min(text.length, start + MAX_TABLE_CHARS)
  for (let i = start; i < end; i++) {
    const c = text[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'" || c === '`') quote = c
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return -1
}
