import type { Sentence } from '../../../text/essay-doc.js'
import { headOf } from './formula-head.js'
import { singular, tidy } from './name-tidy.js'

/**
 * A notation table names its symbols cell by cell: a cell holding only a symbol, and the text
 * cell right after it in the same row ("| $\eta$ | learning rate |"). A cell of numbers or
 * another formula is a value, not a name.
 */
export function namesInTable(sentences: readonly Sentence[]): Array<{ key: string; name: string; sentence: Sentence }> {
  const out: Array<{ key: string; name: string; sentence: Sentence }> = []
  sentences.forEach((s, i) => {
    const next = sentences[i + 1]
    if (s.block !== 'table' || next?.block !== 'table' || next.paragraph !== s.paragraph + 1) return
    const cell = s.segments.filter((seg) => seg.kind !== 'text' || seg.text.trim() !== '')
    const math = cell.length === 1 && cell[0].kind === 'math' ? cell[0] : null
    if (!math) return
    if (next.segments.some((seg) => seg.kind !== 'text') || !/\p{L}{3,}/u.test(next.text)) return
    const head = headOf(math.tex)
    const name = head && head.relation === '' ? tidy(next.text.replace(/[.;:]\s*$/, '')) : null
    if (head && name && !/\d/.test(name)) out.push({ key: head.key, name: singular(name), sentence: next })
  })
  return out
}
