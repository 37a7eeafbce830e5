import { isRecord } from './frontmatter-data.js'
import { collapseWhitespace, decodeEntities, stripHtml, trimCharacters } from '../../text/plain-text.js'

const NAME_KEYS = ['name', 'full_name', 'fullname', 'display_name', 'displayName'] as const

/**
 * Author names as one line of plain text, from what essays put in `author`/`authors`:
 * a string (possibly raw HTML links, "By …"), a list of strings, an object with a `name`,
 * or a list of such objects. Returns null when no name can be found. Names are joined by ", ",
 * or by "; " when one of them is written family name first.
 */
export function readAuthorNames(value: unknown): string | null {
  const names = collectNames(value, 0)
    .map(cleanName)
    .filter((name) => name !== '')
  const unique = names.filter((name, index) => names.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === index)
  // A list whose names hold commas ("Vaswani, Ashish") is joined by semicolons, so the line
  // still splits into its authors (shared/authors.ts).
  return unique.length ? unique.join(unique.some((name) => name.includes(',')) ? '; ' : ', ') : null
}

function collectNames(value: unknown, depth: number): string[] {
  if (depth > 4) return []
  if (typeof value === 'string') return [value]
  if (typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.flatMap((item) => collectNames(item, depth + 1))
  if (isRecord(value)) {
    for (const key of NAME_KEYS) {
      if (typeof value[key] === 'string') return [value[key]]
    }
    const given = value.given ?? value.given_name ?? value.first
    const family = value.family ?? value.family_name ?? value.last
    if (typeof given === 'string' || typeof family === 'string') {
      return [[given, family].filter((part) => typeof part === 'string').join(' ')]
    }
  }
  return []
}

function cleanName(raw: string): string {
  const text = collapseWhitespace(decodeEntities(stripHtml(raw)))
  return trimCharacters(text.replace(/^by\s+/i, ''), /[,;\s]/)
}
