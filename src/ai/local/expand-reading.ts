import type { ReadingBlock, ReadingSegment } from '../../shared/schemas/index.js'
import { expandedTex } from '../guard/formula-text.js'
import type { MacroTable } from '../guard/tex-macros.js'

/**
 * The essay's reading with its formulas as the page typesets them: the author's macros expanded
 * and style commands (`\displaystyle`) gone. Sentences quoted in aids then read `\xx` as the bold
 * x it is, not as the letters "xx".
 */
export function expandReading(reading: readonly ReadingBlock[], macros: MacroTable): ReadingBlock[] {
  const segment = (s: ReadingSegment): ReadingSegment =>
    s.kind === 'math' ? { ...s, tex: expandedTex(s.tex, macros) } : s
  return reading.map((b) =>
    b.kind === 'display'
      ? { ...b, tex: expandedTex(b.tex, macros) }
      : b.kind === 'prose' || b.kind === 'heading'
        ? { ...b, segments: b.segments.map(segment) }
        : b,
  )
}
