import type { Annotation, MathematicalModel } from '../src/shared/schemas/index.js'
import type { GoldEssay } from './gold.js'
import { expandedTex } from '../src/ai/guard/formula-text.js'
import { macroTable } from '../src/ai/guard/tex-macros.js'
import { decodeTexReferences } from '../src/markdown/plugins/rehype-math-entities.js'

/**
 * The measures of the evaluation set's README, for one essay: each a count over a total, so
 * that a set's figure is the sum of counts over the sum of totals (an essay with more
 * annotations weighs more in precision, as a reader meets more of them).
 */
export interface Ratio {
  hits: number
  total: number
}

export interface EssayScores {
  /** Targets that match a key term (equal to or containing an accepted form). */
  precision: Ratio
  /** Targets that match a bad target. */
  useless: Ratio
  /** Annotations whose text only repeats the sentence around their target. */
  circular: Ratio
  /** Key terms some target covers. */
  recall: Ratio
  /** Gold symbols the model lists with a matching name. */
  symbols: Ratio
  /** Defining equations the model lists. */
  equations: Ratio
  /** 1 when the summary holds ≥ 60 % of the content words of one summary point. */
  summary: Ratio
  /** 1 when the model's dynamics (static or not) agree with the gold. */
  dynamics: Ratio
}

const STOP = new Set(
  'a an the of to in on for and or but is are was were be been being by with as at from that this these those it its into than then there their which who whom whose what when where why how not no nor so such can could may might must shall should will would do does did has have had if else also each other any all some more most much many very just only over under between both either neither per via we our us you your he she they them his her one two i e g ie eg let given where'.split(
    ' ',
  ),
)

/** Lower case, letters and digits, single spaces. */
export function normText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** LaTeX compared "with spaces and braces removed" (the README's rule). */
export function normTex(tex: string): string {
  return tex.replace(/[\s{}]/g, '')
}

function contentWords(text: string): string[] {
  return normText(text)
    .split(' ')
    .filter((w) => w.length > 2 && !STOP.has(w))
}

const phraseIn = (phrase: string, text: string) => ` ${normText(text)} `.includes(` ${normText(phrase)} `)

/** A target matches a form when it equals it or contains it (as words). */
export function targetMatches(target: string, forms: readonly string[]): boolean {
  return forms.some((f) => normText(f) !== '' && phraseIn(f, target))
}

/** The sentences of the essay's plain text that hold `target`. */
function sentencesWith(target: string, sentences: readonly string[]): string[] {
  return sentences.filter((s) => phraseIn(target, s))
}

/**
 * Circular: nearly every content word of the annotation (80 %) is already in a sentence that
 * holds its target, so it tells the reader only what they are reading.
 */
export function isCircular(a: Annotation, sentences: readonly string[]): boolean {
  const words = contentWords(a.annotation).filter((w) => !contentWords(a.targetText).includes(w))
  if (words.length === 0) return true
  return sentencesWith(a.targetText, sentences).some((s) => {
    const around = new Set(contentWords(s))
    return words.filter((w) => around.has(w)).length / words.length >= 0.8
  })
}

/** Sentences of plain text: split after . ! ? and at line breaks. */
export function sentencesOf(plainText: string): string[] {
  return plainText
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

export function scoreEssay(
  gold: GoldEssay,
  out: {
    annotations: Annotation[]
    model: MathematicalModel
    summary: string
    plainText: string
    /** The essay's TeX definitions: a gold symbol written with the author's macro (`\\xx_0`) is the one the page sets. */
    macros?: readonly string[]
  },
): EssayScores {
  const table = macroTable(out.macros ?? [])
  const sameSymbol = (listed: string, gold: string) =>
    normTex(listed) === normTex(gold) || normTex(listed) === normTex(expandedTex(gold, table))
  const targets = out.annotations.map((a) => a.targetText)
  const sentences = sentencesOf(out.plainText)
  const symbols = Object.entries(gold.symbols)
  const modelEquations = out.model.equations.map((e) => normTex(e.equation))
  const staticModel = /\bstatic\b|\bno (?:time|dynamics)\b/i.test(out.model.systemDynamics)
  return {
    precision: {
      hits: targets.filter((t) => gold.keyTerms.some((forms) => targetMatches(t, forms))).length,
      total: targets.length,
    },
    useless: { hits: targets.filter((t) => targetMatches(t, gold.badTargets)).length, total: targets.length },
    circular: { hits: out.annotations.filter((a) => isCircular(a, sentences)).length, total: out.annotations.length },
    recall: {
      hits: gold.keyTerms.filter((forms) => targets.some((t) => targetMatches(t, forms))).length,
      total: gold.keyTerms.length,
    },
    symbols: {
      hits: symbols.filter(([symbol, names]) =>
        out.model.variables.some((v) => sameSymbol(v.symbol, symbol) && names.some((n) => nameMatches(v.name, n))),
      ).length,
      total: symbols.length,
    },
    equations: {
      hits: gold.definingEquations.filter((eq) => {
        // As the page sets it: `&amp;` is `&`, and the author's macros are the formulas they stand for.
        const written = decodeTexReferences(eq.replace(/\\label\{[^{}]*\}/g, ''))
        const wants = [normTex(written), normTex(expandedTex(written, table))]
        return modelEquations.some((m) =>
          wants.some((want) => m === want || m.includes(want) || (m.length > 10 && want.includes(m))),
        )
      }).length,
      total: gold.definingEquations.length,
    },
    summary: {
      hits: gold.summaryPoints.some((p) => summaryHolds(out.summary, p)) ? 1 : 0,
      total: gold.summaryPoints.length ? 1 : 0,
    },
    dynamics: { hits: staticModel === !gold.dynamics ? 1 : 0, total: 1 },
  }
}

function nameMatches(given: string, accepted: string): boolean {
  const a = normText(given)
  const b = normText(accepted)
  return a !== '' && b !== '' && (` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `))
}

/** The summary holds at least 60 % of the point's content words. */
export function summaryHolds(summary: string, point: string): boolean {
  const words = [...new Set(contentWords(point))]
  if (words.length === 0) return false
  const have = new Set(contentWords(summary))
  return words.filter((w) => have.has(w)).length / words.length >= 0.6
}

export const ratio = (r: Ratio): number | null => (r.total === 0 ? null : r.hits / r.total)

export function sumScores(all: readonly EssayScores[]): EssayScores {
  const keys = Object.keys(all[0] ?? {}) as (keyof EssayScores)[]
  return Object.fromEntries(
    keys.map((k) => [
      k,
      all.reduce((acc, s) => ({ hits: acc.hits + s[k].hits, total: acc.total + s[k].total }), { hits: 0, total: 0 }),
    ]),
  ) as unknown as EssayScores
}

/** Issue 39's goals on the check half (at least, or for circular annotations at most); the others are shown without one. */
export const MEASURES: Array<{ key: keyof EssayScores; label: string; goal?: number; atMost?: boolean }> = [
  { key: 'precision', label: 'annotation precision', goal: 0.8 },
  { key: 'useless', label: 'useless targets' },
  { key: 'circular', label: 'circular annotations', goal: 0.1, atMost: true },
  { key: 'recall', label: 'key-term recall', goal: 0.5 },
  { key: 'symbols', label: 'symbols named', goal: 0.7 },
  { key: 'equations', label: 'defining equations', goal: 0.9 },
  { key: 'summary', label: 'summaries', goal: 0.7 },
  { key: 'dynamics', label: 'dynamics right' },
]
