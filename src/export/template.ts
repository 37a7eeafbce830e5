import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../core/paths.js'

/** The arXiv article skeleton; its `<<name>>` placeholders are filled by `fillTemplate`. */
export const ARXIV_TEMPLATE = join(packageRoot, 'templates', 'arxiv', 'article.tex')

let cached: string | null = null

function template(): string {
  cached ??= readFileSync(ARXIV_TEMPLATE, 'utf8').replace(/\r\n?/g, '\n')
  return cached
}

/**
 * The template with every placeholder replaced. A placeholder alone on its line whose value is
 * empty takes its line with it; a placeholder without a value is a mistake in the code and throws.
 */
export function fillTemplate(values: Record<string, string>): string {
  return template()
    .replace(/^<<(\w+)>>\n/gm, (line, name: string) => (lookup(values, name) === '' ? '' : `${lookup(values, name)}\n`))
    .replace(/<<(\w+)>>/g, (_all, name: string) => lookup(values, name))
}

function lookup(values: Record<string, string>, name: string): string {
  const value = values[name]
  if (value === undefined) throw new Error(`The arXiv template asks for <<${name}>>, which the exporter does not fill.`)
  return value
}
