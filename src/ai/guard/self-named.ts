import { readableTex } from '../../text/readable.js'

const norm = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * A symbol "named" by its own glyph (`\sigma` → "σ", `r_t` → "rₜ", `X` → "X"): once the
 * symbol's own letters are set aside the name has no word of three letters or more. Such a name
 * tells the reader nothing the formula does not.
 */
export function selfNamed(symbol: string, name: string): boolean {
  const glyph = norm(readableTex(symbol))
  const n = norm(name)
  if (n === '' || n.replace(/\s/g, '') === glyph.replace(/\s/g, '')) return true
  // The symbol's letters and its commands' names (`\sigma` is no more named by "sigma" than by "σ").
  const own = new Set([...glyph.split(' '), ...[...symbol.matchAll(/\\([A-Za-z]+)/g)].map((m) => m[1].toLowerCase())])
  return !n.split(' ').some((w) => /^\p{L}{3,}$/u.test(w) && !own.has(w))
}
