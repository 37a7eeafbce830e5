import { field, type MystNode } from './myst-node.js'

/** How deep directives may nest when their bodies have to be parsed again (hostile input stays bounded). */
const MAX_DEPTH = 8

/**
 * Directives the parser left unread, made readable before anything is numbered. Sphinx reads
 * directive names in any case (`{prf:Theorem}` is `{prf:theorem}`), so a known name in another
 * case is parsed again under its own name; Sphinx's `{only}` keeps its body for HTML output
 * alone; a directive MyST does not know at all (a site's own extension) shows its body as markdown, which is what its author wrote, and says
 * so in a warning. Directives with no body of their own (`{bibliography}`) are left to the converter.
 */
export function expandUnknownDirectives(
  parent: MystNode,
  parse: (markdown: string) => MystNode,
  known: ReadonlySet<string>,
  warn: (rule: string, message: string) => void,
  depth = 0,
): void {
  const kids = parent.children
  if (!kids) return
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type === 'mystDirective' && !node.children && depth < MAX_DEPTH) {
      const name = field(node, 'name') ?? ''
      const lower = name.toLowerCase()
      const body = node.value ?? ''
      if (lower === 'only' && !known.has(lower)) {
        // Sphinx's `{only} html`: its body is the page's when the expression holds for HTML output.
        node.children = onlyForHtml(field(node, 'args') ?? '') ? parse(withoutOptions(body)).children : []
      } else if (lower !== name && known.has(lower)) {
        const fence = '`'.repeat(Math.max(3, longestRun(body) + 1))
        const args = field(node, 'args')
        node.children = parse(`${fence}{${lower}}${args ? ' ' + args : ''}\n${body}\n${fence}`).children
      } else if (!known.has(lower) && body.trim() !== '' && !DROPPED.has(lower)) {
        warn('myst-unknown-directive', `MyST directive {${name}} is not known: its content is shown as written`)
        node.children = parse(withoutOptions(body)).children
      }
    }
    expandUnknownDirectives(node, parse, known, warn, node.type === 'mystDirective' ? depth + 1 : depth)
  }
}

/** Directives whose body is never the page's text: build machinery of Jupyter Book and Sphinx. */
const DROPPED = new Set([
  'nb-exec-table',
  'toctree',
  'tableofcontents',
  'contents',
  'bibliography',
  'index',
  'glue:figure',
  'glue:math',
])

function longestRun(text: string): number {
  let longest = 0
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  return longest
}

/** A directive body without its leading `:key: value` option lines. */
function withoutOptions(body: string): string {
  const lines = body.split('\n')
  let k = 0
  while (k < lines.length && /^:[\w-]+:/.test(lines[k])) k++
  return lines.slice(k).join('\n')
}

/** Tags Sphinx sets when it builds HTML, which an `{only}` expression may name. */
const HTML_TAGS = new Set(['html', 'format_html', 'builder_html', 'dirhtml', 'singlehtml'])

/**
 * Whether an `{only}` expression (`html`, `latex or epub`, `not jupyter`, `html and (a or b)`)
 * holds when building HTML: each tag true when it is HTML's, combined with `and`, `or`, `not`
 * and parentheses as Sphinx reads them. Anything it cannot read holds, so text is never lost.
 */
export function onlyForHtml(expression: string): boolean {
  const tokens = expression.match(/\(|\)|[\w.-]+/g) ?? []
  if (tokens.length === 0 || tokens.length > 64) return true
  let at = 0
  const primary = (): boolean | null => {
    const token = tokens[at++]
    if (token === undefined) return null
    if (token === 'not') {
      const value = primary()
      return value === null ? null : !value
    }
    if (token === '(') {
      const value = or()
      return tokens[at++] === ')' ? value : null
    }
    return token === ')' || token === 'and' || token === 'or' ? null : HTML_TAGS.has(token.toLowerCase())
  }
  const and = (): boolean | null => {
    let value = primary()
    while (value !== null && tokens[at] === 'and') {
      at++
      const next = primary()
      value = next === null ? null : value && next
    }
    return value
  }
  const or = (): boolean | null => {
    let value = and()
    while (value !== null && tokens[at] === 'or') {
      at++
      const next = and()
      value = next === null ? null : value || next
    }
    return value
  }
  const value = or()
  return value === null || at !== tokens.length ? true : value
}
