import type { ReadingBlock } from './schemas/index.js'

const DEFINES = /\\(?:re)?newcommand|\\def(?![A-Za-z])|\\DeclareMathOperator/

/**
 * The TeX definitions an essay's formulas are typeset with: those its prose writes (the
 * document's `macros`) and those written inside a formula (`$$\newcommand{\vx}{\mathbf{x}}$$`),
 * which KaTeX carries from one formula to the next on the page. Whatever shows the essay's
 * formulas elsewhere (the model panel) runs them first, so `\vx` reads as the page shows it.
 */
export function texDefinitions(reading: readonly ReadingBlock[], macros: readonly string[] = []): string[] {
  const inFormulas: string[] = []
  for (const b of reading) {
    if (b.kind === 'display' && DEFINES.test(b.tex)) inFormulas.push(b.tex)
    if (b.kind !== 'prose' && b.kind !== 'heading') continue
    for (const s of b.segments) if (s.kind === 'math' && DEFINES.test(s.tex)) inFormulas.push(s.tex)
  }
  return [...macros, ...inFormulas]
}
