/** What CommonMark lets a backslash escape: any ASCII punctuation. */
const ESCAPED = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g

/**
 * A formula as a markdown processor without math support hands it to MathJax, its backslash
 * escapes resolved (`\_` → `_`, `\(` → `(`, `\\` → `\`). Authors of such sites (Hugo with
 * Blackfriday, or Goldmark without passthrough) write `P\_{size}\(c\)` and `\\\\` for a line
 * break so that their page reads right; read as TeX as written, KaTeX refuses them.
 */
export function markdownUnescaped(tex: string): string {
  return tex.includes('\\') ? tex.replace(ESCAPED, '$1') : tex
}
