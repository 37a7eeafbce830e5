import { chapterNumber } from '../../syntax/chapter-number.js'
import { QUARTO_PREFIXES, quartoPrefix } from '../../../shared/quarto-prefixes.js'

export { QUARTO_PREFIXES, quartoPrefix }

/**
 * What a Quarto cross-reference (`@thm-x`, `@fig-x`) resolves to, collected while the divs,
 * figures and tables of one document are read, and consulted once they all are (a reference
 * may come before what it names).
 */
export interface QuartoTarget {
  /** "Theorem", "Figure": the word a reference starts with. */
  word: string
  /** "2", "1(a)". */
  number: string
}

/** The theorem kind (blocks.ts's word) of each theorem-type prefix. */
export const THEOREM_PREFIXES: Readonly<Record<string, string>> = {
  thm: 'theorem',
  lem: 'lemma',
  cor: 'corollary',
  prp: 'proposition',
  cnj: 'conjecture',
  def: 'definition',
  exm: 'example',
  exr: 'exercise',
  sol: 'solution',
  rem: 'remark',
  alg: 'algorithm',
}

/** Targets by label, plus the running numbers of each kind (within a book's chapter, "2.1", when given one). */
export class QuartoLabels {
  readonly targets = new Map<string, QuartoTarget>()
  private readonly counts = new Map<string, number>()

  constructor(private readonly chapter?: string) {}

  /** Numbers the next `prefix` block and records `key` (if any) as naming it; returns its number. */
  next(prefix: string, key: string | null): string {
    const count = (this.counts.get(prefix) ?? 0) + 1
    this.counts.set(prefix, count)
    const n = chapterNumber(this.chapter, count)
    if (key && !this.targets.has(key)) this.targets.set(key, { word: QUARTO_PREFIXES[prefix] ?? 'Item', number: n })
    return n
  }

  /** Records a label whose number was given by someone else (a subfigure's "1(a)"). */
  set(key: string, target: QuartoTarget): void {
    if (!this.targets.has(key)) this.targets.set(key, target)
  }
}
