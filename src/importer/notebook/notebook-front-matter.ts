import { parse, stringify } from 'yaml'
import type { Notebook } from './notebook-schema.js'

/** Notebook metadata fields that mean what the same front-matter field means (mystmd and Jupyter Book read them so). */
const CARRIED_FIELDS = [
  'title',
  'subtitle',
  'authors',
  'author',
  'date',
  'description',
  'tags',
  'keywords',
  'license',
  'substitutions',
]

/** A YAML block at the very top of the first markdown cell: mystmd's way of giving a notebook its front matter. */
const CELL_FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/

/**
 * The code cells' language: the kernel's (`python` for ipykernel), else the language the
 * notebook says it was written in, else what jupytext's paired file's extension says.
 */
export function notebookLanguage(notebook: Notebook): string | null {
  const meta = notebook.metadata
  const named = meta.kernelspec?.language ?? meta.language_info?.name ?? jupytextLanguage(meta.jupytext)
  if (!named) return null
  const language = named.trim().toLowerCase()
  // IPython's pygments names are Python to every highlighter.
  return /^ipython\d*$/.test(language) ? 'python' : language || null
}

function jupytextLanguage(jupytext: unknown): string | null {
  if (typeof jupytext !== 'object' || jupytext === null) return null
  const representation = (jupytext as { text_representation?: { extension?: unknown } }).text_representation
  const ext = typeof representation?.extension === 'string' ? representation.extension.toLowerCase() : ''
  return (
    ({ '.py': 'python', '.r': 'r', '.jl': 'julia', '.scala': 'scala', '.cpp': 'cpp' } as Record<string, string>)[ext] ??
    null
  )
}

/**
 * Splits mystmd-style front matter off the first markdown cell: its fields, and the cell's text
 * without it. A block that is not a YAML mapping stays in the text, as mystmd leaves it.
 */
export function cellFrontMatter(source: string): { fields: Record<string, unknown>; rest: string } {
  const match = CELL_FRONT_MATTER.exec(source)
  if (!match) return { fields: {}, rest: source }
  try {
    const fields: unknown = parse(match[1])
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return { fields: {}, rest: source }
    return { fields: fields as Record<string, unknown>, rest: source.slice(match[0].length) }
  } catch {
    return { fields: {}, rest: source }
  }
}

/**
 * The front matter of the markdown a notebook becomes: the first cell's own front matter wins
 * over the notebook's metadata (its fields above and its MyST substitutions, `myst.substitutions`
 * or mystmd's `substitutions`); the title falls back to the notebook's first `#` heading (which
 * the essay reader then recognises as the title and does not show twice); the kernel is kept, as
 * a Jupyter Book's MyST notebooks write it, so the code's language is known downstream.
 */
export function frontMatterBlock(
  notebook: Notebook,
  fromCell: Record<string, unknown>,
  firstHeading: string | null,
): string {
  const fields: Record<string, unknown> = {}
  const metadata = notebook.metadata as Record<string, unknown>
  for (const key of CARRIED_FIELDS)
    if (metadata[key] !== undefined && metadata[key] !== null) fields[key] = metadata[key]
  // MyST-NB reads the metadata's `myst` settings as myst-parser reads a page's: its substitutions are the page's.
  const myst = metadata.myst
  if (typeof myst === 'object' && myst !== null && 'substitutions' in myst && myst.substitutions != null)
    fields.myst = { substitutions: myst.substitutions }
  Object.assign(fields, fromCell)
  if (fields.title === undefined && firstHeading) fields.title = firstHeading
  const kernel = notebook.metadata.kernelspec
  if (kernel && fields.kernelspec === undefined) fields.kernelspec = kernel
  if (Object.keys(fields).length === 0) return ''
  return `---\n${stringify(fields, { lineWidth: 0 }).trimEnd()}\n---\n\n`
}
