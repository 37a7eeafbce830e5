import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { splitFrontmatter } from '../parse/split-frontmatter.js'
import { appendixLetter, chapterHeadings, isUnnumberedHeading, type BookNumbering } from './chapter-headings.js'

const ProjectSchema = z.looseObject({ project: z.looseObject({ type: z.unknown().optional() }) })
/** A `chapters` entry: a file, or a part (`part: dice.qmd` or `part: "Dice"`) with its own chapters. */
const EntrySchema = z.union([
  z.string(),
  z.looseObject({ part: z.string().optional(), chapters: z.array(z.string()).optional() }),
])
const BookSchema = z.looseObject({
  chapters: z.array(EntrySchema).optional(),
  appendices: z.array(EntrySchema).optional(),
})

/** Whether `_quarto.yml` (read as data) makes a Quarto book: `project: type: book`. */
export function isQuartoBook(config: unknown): boolean {
  const parsed = ProjectSchema.safeParse(config)
  return parsed.success && parsed.data.project.type === 'book'
}

/**
 * The number Quarto gives each chapter of a book (`_quarto.yml` read as data), by path relative
 * to its root, as Quarto numbers them (quarto.org/docs/books/book-structure): the files of
 * `book.chapters` in order, a part's chapters in their place (the part's own page is no
 * chapter), numbered 1, 2, …; `index.qmd` (the preface) and a chapter whose title heading is
 * `{.unnumbered}` take no number; `book.appendices` lettered A, B, …. None at all when
 * `number-sections` is false. Values of the wrong shape are ignored, with a warning.
 */
export async function quartoChapterNumbers(root: string, config: unknown): Promise<BookNumbering> {
  const warnings: string[] = []
  const data = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>
  if (!numbersSections(data, warnings)) return { numbers: new Map(), warnings }
  const book = BookSchema.safeParse(data.book ?? {})
  if (!book.success) {
    warnings.push('Quarto: book.chapters and book.appendices must be lists of files or parts; chapters not numbered')
    return { numbers: new Map(), warnings }
  }
  const numbers = new Map<string, string>()
  const shown = new Map<string, string>()
  const appendix = appendixName(data.crossref, warnings)
  const number = async (files: string[], name: (n: number) => string, show: (n: string) => string): Promise<void> => {
    let count = 0
    for (const file of files) {
      if (await isUnnumbered(root, file)) continue
      const n = name(++count)
      numbers.set(file, n)
      shown.set(file, show(n))
    }
  }
  await number(chapterFiles(book.data.chapters ?? []), String, (n) => n)
  await number(chapterFiles(book.data.appendices ?? []), appendixLetter, appendix)
  return { numbers, shown, warnings, ...(prefixesChapter(data.crossref, warnings) ? {} : { plainNumbers: true }) }
}

const CrossrefSchema = z.looseObject({
  'appendix-title': z.string().optional(),
  'appendix-delim': z.string().optional(),
})

/**
 * `crossref: chapters`: whether a book's figures, equations and theorems are numbered within their
 * chapter ("3.1", Quarto's default for books) or 1, 2, … (false).
 */
function prefixesChapter(crossref: unknown, warnings: string[]): boolean {
  const value = z.looseObject({ chapters: z.unknown().optional() }).safeParse(crossref ?? {})
  const chapters = value.success ? value.data.chapters : undefined
  if (chapters === undefined) return true
  const parsed = z.boolean().safeParse(chapters)
  if (parsed.success) return parsed.data
  warnings.push(`Quarto: crossref.chapters is ${JSON.stringify(chapters)}, not true or false; ignored`)
  return true
}

/** An appendix's heading before its title: "Appendix A —", or as `crossref: appendix-title / appendix-delim` say. */
function appendixName(crossref: unknown, warnings: string[]): (letter: string) => string {
  const parsed = CrossrefSchema.safeParse(crossref ?? {})
  if (!parsed.success) warnings.push('Quarto: crossref.appendix-title and appendix-delim must be text; ignored')
  const title = (parsed.success && parsed.data['appendix-title']) || 'Appendix'
  const delim = (parsed.success && parsed.data['appendix-delim']) || ' —'
  return (letter) => `${title} ${letter}${delim}`
}

/** `number-sections` at the top of `_quarto.yml` or in its html format: true unless set false. */
function numbersSections(data: Record<string, unknown>, warnings: string[]): boolean {
  const format = z.looseObject({ html: z.looseObject({}) }).safeParse(data.format)
  const places: Array<[string, unknown]> = [
    ['number-sections', data['number-sections']],
    ['format.html.number-sections', format.success ? format.data.html['number-sections'] : undefined],
  ]
  let numbered = true
  for (const [where, value] of places) {
    if (value === undefined) continue
    if (typeof value === 'boolean') numbered = value
    else warnings.push(`Quarto: ${where} is ${JSON.stringify(value)}, not true or false; ignored`)
  }
  return numbered
}

/**
 * The pages a Quarto book publishes (`_quarto.yml` read as data), relative to its root: the files
 * of `book.chapters` and `book.appendices`, parts' own pages (`part: dice.qmd`) included; null
 * when it is not a book or lists none. Quarto renders other files of the project too, but the book
 * links only these: a draft beside them (`future/x.qmd`) or a file included into one is no chapter.
 */
export function quartoBookPages(config: unknown): Set<string> | null {
  if (!isQuartoBook(config)) return null
  const book = BookSchema.safeParse((config as Record<string, unknown>).book ?? {})
  if (!book.success) return null
  const entries = [...(book.data.chapters ?? []), ...(book.data.appendices ?? [])]
  const parts = entries.flatMap((e) =>
    typeof e !== 'string' && e.part && /\.(qmd|md|ipynb)$/i.test(e.part) ? [e.part] : [],
  )
  const files = [...chapterFiles(entries), ...parts.map((f) => f.replace(/^\.\//, ''))]
  return files.length > 0 ? new Set(files) : null
}

function chapterFiles(entries: ReadonlyArray<z.infer<typeof EntrySchema>>): string[] {
  const files = entries.flatMap((entry) => (typeof entry === 'string' ? [entry] : (entry.chapters ?? [])))
  return files.map((f) => f.replace(/^\.\//, ''))
}

/** The book's preface (`index.qmd`), or a chapter whose title heading says `{.unnumbered}` or `{-}`. */
async function isUnnumbered(root: string, file: string): Promise<boolean> {
  if (/^index\.[a-z]+$/i.test(file)) return true
  const text = await readFile(join(root, file), 'utf8').catch(() => '')
  if (/\.ipynb$/i.test(file)) return isUnnumberedHeading(notebookTitle(text))
  // a front matter title is the chapter's; only a heading can carry `.unnumbered`
  if (typeof splitFrontmatter(text).frontmatter.title === 'string') return false
  return isUnnumberedHeading(chapterHeadings(text)[0] ?? '')
}

const NotebookSchema = z.looseObject({
  cells: z.array(z.looseObject({ cell_type: z.string(), source: z.union([z.string(), z.array(z.string())]) })),
})

/** A notebook's first heading: the first line of its first markdown cell that is one. */
function notebookTitle(text: string): string {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return ''
  }
  const parsed = NotebookSchema.safeParse(data)
  if (!parsed.success) return ''
  const cell = parsed.data.cells.find((c) => c.cell_type === 'markdown')
  const source = cell ? (Array.isArray(cell.source) ? cell.source.join('') : cell.source) : ''
  return chapterHeadings(source)[0] ?? ''
}
