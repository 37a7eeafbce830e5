import katex from 'katex'

export type KatexMacros = Record<string, string>

/**
 * The essay's TeX definitions (`\newcommand{\vx}{\mathbf{x}}`, `\DeclareMathOperator…`) run once
 * into a KaTeX macros object, as the page's renderer does before the essay's first formula
 * (src/markdown/plugins/katex-render.ts), so that formulas shown outside the essay's HTML read
 * `\vx` as the bold x the page shows, not as an error. A definition KaTeX cannot read is skipped.
 */
export function katexMacros(definitions: readonly string[]): KatexMacros | undefined {
  if (definitions.length === 0) return undefined
  const macros: KatexMacros = {}
  for (const definition of definitions) {
    for (const tex of [definition, definition.replace(/^\\newcommand/, '\\renewcommand')]) {
      try {
        katex.renderToString(tex, { macros, globalGroup: true, throwOnError: true, strict: 'ignore' })
        break
      } catch {
        // A name KaTeX already knows (\R) needs \renewcommand; anything else is left out.
      }
    }
  }
  return macros
}
