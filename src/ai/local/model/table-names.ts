import type { Sentence } from '../../../text/essay-doc.js'
import { headsOf } from './formula-head.js'
import { singular, tidy } from './name-tidy.js'

export interface TableName {
  key: string
  name: string
  sentence: Sentence
  applied?: true
  written?: string
}

/**
 * A notation table names its symbols cell by cell: a cell holding only a symbol (or a list of
 * them, or a symbol with its set, `s \in \mathcal{S}`), and the text cell right after it in the
 * same row ("| $\eta$ | learning rate |", "| $\gamma$ | Discount factor; penalty to … |"). The
 * name is the cell's opening noun phrase, before any formula, clause or aside; a cell of numbers
 * is a value, not a name. A list of symbols takes a list of as many names, in order.
 */
export function namesInTable(sentences: readonly Sentence[]): TableName[] {
  const out: TableName[] = []
  sentences.forEach((s, i) => {
    const next = sentences[i + 1]
    if (s.block !== 'table' || next?.block !== 'table' || next.paragraph !== s.paragraph + 1) return
    const cell = s.segments.filter((seg) => seg.kind !== 'text' || seg.text.trim() !== '')
    const math = cell.length === 1 && cell[0].kind === 'math' ? cell[0] : null
    if (!math) return
    const heads = headsOf(math.tex).filter((h) => h.relation === '' || h.relation === '\\in')
    if (heads.length === 0) return
    const lead = openingText(next)
    if (!/\p{L}{3,}/u.test(lead) || /\d/.test(lead)) return
    const items = heads.length > 1 ? lead.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/) : [lead]
    if (items.length !== heads.length) return
    const names = items.map((item) => tidy(item.replace(/^(?:the|a|an)\s+/i, '')))
    heads.forEach((head, k) => {
      const name = names[k]
      if (!name) return
      out.push({
        key: head.key,
        name: singular(name),
        sentence: next,
        ...(head.applied ? { applied: true as const, written: head.written } : {}),
      })
    })
  })
  return out
}

/** The words a cell opens with: up to its first formula, and before a semicolon, an aside or a new clause. */
function openingText(s: Sentence): string {
  const upTo = s.segments.findIndex((seg) => seg.kind !== 'text')
  const text = (upTo < 0 ? s.segments : s.segments.slice(0, upTo))
    .map((seg) => (seg.kind === 'text' ? seg.text : ''))
    .join('')
  return (
    text
      .split(/\s*(?:[;:(—–]|\s-\s|\.(?:\s|$))/)[0]
      .replace(/\s+(?:measures?|denotes?|represents?|gives?|describes?|is|are|which|that|used|defined)\b.*$/i, '')
      .replace(/[.,]\s*$/, '')
      // "Stationary distribution of Markov chain for ⟦π⟧": the formula it was cut before took its preposition along.
      .replace(/\s+(?:of|for|in|on|at|by|with|from|to|over|under)\s*$/i, '')
      .trim()
  )
}
