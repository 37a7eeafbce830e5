/** What CommonMark lets a backslash escape: any ASCII punctuation. */
const ESCAPED = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g

/**
 * A formula as a markdown processor without math support hands it to MathJax, its backslash
 * escapes and character references resolved (`\_` → `_`, `\(` → `(`, `\\` → `\`). Authors of such sites (Hugo with
 * Blackfriday, or Goldmark without passthrough) write `P\_{size}\(c\)` and `\\\\` for a line
 * break so that their page reads right; read as TeX as written, KaTeX refuses them.
 */
export function markdownUnescaped(tex: string): string {
  const unescaped = tex.includes('\\') ? tex.replace(ESCAPED, '$1') : tex
  return unescaped.includes('&') ? unescaped.replace(REFERENCE, decodeReference) : unescaped
}

/**
 * A character reference, which the browser had decoded before MathJax read the page: authors
 * write `&#124;` for a `|` inside a table's formula, where a bare `|` would end the cell.
 */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|vert|quot|nbsp));/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', vert: '|', quot: '"', nbsp: '\u00a0' }

function decodeReference(all: string, decimal?: string, hex?: string, name?: string): string {
  if (name) return NAMED[name] ?? all
  const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16)
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all
}
