import { isRecord } from './frontmatter-data.js'
import { collapseWhitespace, decodeEntities, stripHtml } from '../../text/plain-text.js'

const MAX_TAG_LENGTH = 60

/**
 * Tags from any number of frontmatter values (tags, categories, keywords): YAML or
 * Franklin/TOML lists, comma-separated strings (`a, "b"` too), or `{name: …}` objects. Each
 * is trimmed (quotes and a leading '#' dropped), blanks are dropped, and duplicates are removed ignoring case, keeping
 * the first spelling.
 */
export function readTags(values: unknown[], options: { jekyll?: boolean } = {}): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  // Jekyll reads `tags: distill formatting` as two tags (a string without commas is split on spaces).
  const split = (value: unknown): unknown =>
    options.jekyll && typeof value === 'string' && !value.includes(',') ? value.trim().split(/\s+/) : value
  for (const raw of values.flatMap((value) => collect(split(value), 0))) {
    const tag = collapseWhitespace(decodeEntities(stripHtml(raw)))
      .replace(/^(["'])(.*)\1$/, '$2')
      .replace(/^#+\s*/, '')
      .slice(0, MAX_TAG_LENGTH)
      .trim()
    const key = tag.toLowerCase()
    if (!tag || seen.has(key)) continue
    seen.add(key)
    tags.push(tag)
  }
  return tags
}

function collect(value: unknown, depth: number): string[] {
  if (depth > 4) return []
  if (typeof value === 'string') return value.split(',')
  if (typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.flatMap((item) => collect(item, depth + 1))
  if (isRecord(value) && typeof value.name === 'string') return [value.name]
  return []
}
