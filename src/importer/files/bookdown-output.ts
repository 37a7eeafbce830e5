import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { splitFrontmatter } from '../parse/split-frontmatter.js'
import { readYaml } from './read-yaml.js'

/** A format's options; `bookdown::gitbook: default` names the format with none. */
const FormatOptionsSchema = z.union([z.looseObject({ number_sections: z.unknown().optional() }), z.string(), z.null()])
const OutputSchema = z.record(z.string(), FormatOptionsSchema)
/** bookdown's HTML formats, whose pages the site publishes (its PDF and EPUB formats are not read). */
const HTML_FORMAT = /(?:^|::)(?:gitbook|bs4_book|html_\w+|tufte_html\w*)$/
/** The formats whose `number_sections` defaults to false (bookdown's html.R); the others number. */
const UNNUMBERED_BY_DEFAULT = /(?:^|::)(?:html_fragment2|html_notebook2|html_vignette2|tufte_html2)$/

/**
 * Whether a bookdown book numbers its sections, as the HTML format it is published in says
 * (`number_sections`, true unless set): its first HTML format in `index.Rmd`'s `output`, else in
 * `_output.yml`, with the front matter's options over the file's, as rmarkdown merges them.
 * bookdown's `global_numbering` is `!number_sections`: an unnumbered book has no chapter numbers
 * to number figures, equations and theorems within. A value that is not true or false is
 * ignored, with a warning.
 */
export async function bookdownNumbersSections(root: string): Promise<{ numbered: boolean; warnings: string[] }> {
  const warnings: string[] = []
  const file = readOutput(await readYaml(join(root, '_output.yml')), '_output.yml', warnings)
  const front = readOutput(await indexOutput(root), 'index.Rmd output', warnings)
  const format = [...front.keys(), ...file.keys()].find((name) => HTML_FORMAT.test(name))
  if (format === undefined) return { numbered: true, warnings }
  const options = { ...file.get(format), ...front.get(format) }
  const given = options.number_sections
  if (given === undefined) return { numbered: !UNNUMBERED_BY_DEFAULT.test(format), warnings }
  if (typeof given === 'boolean') return { numbered: given, warnings }
  warnings.push(`bookdown: ${format}'s number_sections is ${JSON.stringify(given)}, not true or false; ignored`)
  return { numbered: !UNNUMBERED_BY_DEFAULT.test(format), warnings }
}

/** Formats by name with their options; `output: bookdown::gitbook` names one with none. */
function readOutput(value: unknown, where: string, warnings: string[]): Map<string, { number_sections?: unknown }> {
  if (value === null || value === undefined) return new Map()
  if (typeof value === 'string') return new Map([[value, {}]])
  const parsed = OutputSchema.safeParse(value)
  if (!parsed.success) {
    warnings.push(`bookdown: ${where} is not a list of output formats with their options; ignored`)
    return new Map()
  }
  return new Map(
    Object.entries(parsed.data).map(([name, options]) => [name, typeof options === 'object' && options ? options : {}]),
  )
}

async function indexOutput(root: string): Promise<unknown> {
  for (const name of ['index.Rmd', 'index.rmd']) {
    const text = await readFile(join(root, name), 'utf8').catch(() => null)
    if (text !== null) return splitFrontmatter(text).frontmatter.output
  }
  return undefined
}

/** `chapter_name: "Chapter "`, or a prefix and a suffix: `["Chapter ", ":"]`. */
const NameSchema = z.union([z.string(), z.tuple([z.string(), z.string()])])

/**
 * What bookdown writes before a chapter's number and after it in its heading (`_bookdown.yml`'s
 * `language: ui: chapter_name`, or the older top-level `chapter_name`; `appendix_name` for the
 * lettered chapters): "Chapter 2 Introduction" where the book says `chapter_name: "Chapter "`.
 * Nothing by default; a value that is not text is ignored, with a warning.
 */
export function bookdownChapterNames(
  config: unknown,
  warnings: string[],
): { chapter: (n: string) => string; appendix: (n: string) => string } {
  const data = z.looseObject({}).safeParse(config)
  const top = data.success ? data.data : {}
  const ui = z.looseObject({ ui: z.looseObject({}) }).safeParse(top.language)
  const read = (field: string): ((n: string) => string) => {
    const value = (ui.success ? ui.data.ui[field] : undefined) ?? top[field]
    if (value === undefined || value === null) return (n) => n
    const name = NameSchema.safeParse(value)
    if (!name.success) {
      warnings.push(`bookdown: _bookdown.yml's ${field} is not text (or a prefix and a suffix); ignored`)
      return (n) => n
    }
    const [before, after] = typeof name.data === 'string' ? [name.data, ''] : name.data
    return (n) => `${before}${n}${after}`
  }
  return { chapter: read('chapter_name'), appendix: read('appendix_name') }
}
