/**
 * The inside of a MyST substitution, `{{ key }}` or Jupyter Book's Jinja form
 * `{{ key | upper }}`, `{{ key | replace("a", "b") }}`: a key (or a quoted text) and a chain of
 * Jinja's text filters. Python expressions (`'…'.format(…)`, `+`) are beyond it: they come back
 * as unsupported, for the caller to drop with a warning rather than show as syntax.
 */
export type SubstitutionValue = { text: string } | { unknown: string } | { unsupported: string }

const QUOTED = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/
const KEY = /^[A-Za-z_][\w.-]*$/
const FILTER = /^([a-z_]+)\s*(?:\((.*)\))?$/s
const ARGUMENT = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(-?\d+))\s*(?:,|$)/gy

/** Jinja's text filters a book may use on a substitution, by name. */
const FILTERS: Record<string, (text: string, args: string[]) => string> = {
  upper: (t) => t.toUpperCase(),
  lower: (t) => t.toLowerCase(),
  capitalize: (t) => t.charAt(0).toUpperCase() + t.slice(1).toLowerCase(),
  title: (t) =>
    t.toLowerCase().replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase()),
  trim: (t) => t.trim(),
  string: (t) => t,
  e: (t) => t,
  escape: (t) => t,
  safe: (t) => t,
  replace: (t, [from, to, count]) =>
    from === undefined || to === undefined ? t : replaceSome(t, from, to, count === undefined ? -1 : Number(count)),
}

/** The text `expression` stands for, given the values in reach (page over book). */
export function evaluateSubstitution(expression: string, values: ReadonlyMap<string, string>): SubstitutionValue {
  const [head, ...filters] = splitPipes(expression)
  const base = head.trim()
  const quoted = QUOTED.exec(base)
  let text: string
  if (quoted) text = unescape(quoted[1] ?? quoted[2])
  else if (!KEY.test(base)) return { unsupported: expression.trim() }
  else {
    const value = values.get(base)
    if (value === undefined) return { unknown: base }
    text = value
  }
  for (const filter of filters) {
    const m = FILTER.exec(filter.trim())
    const apply = m ? FILTERS[m[1]] : undefined
    const args = m?.[2] === undefined ? [] : argumentsOf(m[2])
    if (!m || !apply || args === null) return { unsupported: expression.trim() }
    text = apply(text, args)
  }
  return { text }
}

/** The expression's parts between `|`s outside quotes. */
function splitPipes(expression: string): string[] {
  const parts: string[] = []
  let quote: string | null = null
  let start = 0
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === '|') {
      parts.push(expression.slice(start, i))
      start = i + 1
    }
  }
  parts.push(expression.slice(start))
  return parts
}

/** A filter's arguments: quoted texts and whole numbers only; null for anything else. */
function argumentsOf(list: string): string[] | null {
  if (list.trim() === '') return []
  const args: string[] = []
  ARGUMENT.lastIndex = 0
  while (ARGUMENT.lastIndex < list.length) {
    const m = ARGUMENT.exec(list)
    if (!m) return null
    args.push(m[3] ?? unescape(m[1] ?? m[2]))
  }
  return args
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1')
}

/** Python's `str.replace(old, new, count)`, which Jinja's `replace` filter is. */
function replaceSome(text: string, from: string, to: string, count: number): string {
  if (from === '') return text
  const parts = text.split(from)
  if (count < 0 || count >= parts.length - 1) return parts.join(to)
  return parts.slice(0, count + 1).join(to) + from + parts.slice(count + 1).join(from)
}
