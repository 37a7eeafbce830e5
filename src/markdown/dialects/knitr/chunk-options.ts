/**
 * knitr chunk options as R reads them (`{r cars, fig.cap = "A \"plot\"", label = 'x'}`): what
 * the figure, table and block-engine readers share, so a string the one reads the other reads too.
 */

/** An R string literal on one line, in either quote, with its escapes: capture group 1. */
export const R_STRING = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`

/** `name = "…"` among a chunk's options (or a call's arguments); its literal is group 1. */
export function stringOption(name: string): RegExp {
  return new RegExp(String.raw`(?:^|[\s,(])${name.replace(/\./g, '\\.')}\s*=\s*${R_STRING}`)
}

/** An R string literal's text: `"a \"b\""` → `a "b"`. */
export function rLiteral(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, '$1')
}

/** The literal `name = "…"` sets in `options`, or null. */
export function stringOptionValue(options: string, pattern: RegExp): string | null {
  const match = pattern.exec(options)
  return match ? rLiteral(match[1]) : null
}
