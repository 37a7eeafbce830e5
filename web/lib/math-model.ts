import type { MathematicalModel } from '../../src/shared/schemas/enhancements.js'

export type { MathematicalModel }
export type Reliability = MathematicalModel['validation']['reliability']

/** SPEC §2 display limits of the Mathematical Model panel. */
export const MODEL_LIMITS = {
  equations: 2,
  strengths: 3,
  limitations: 3,
  validationMethods: 2,
  applications: 2,
} as const

export interface Limited<T> {
  shown: T[]
  /** How many were left out. */
  more: number
}

export function firstN<T>(items: readonly T[], n: number): Limited<T> {
  return { shown: items.slice(0, n), more: Math.max(0, items.length - n) }
}

/** What the panel shows of a model, with SPEC §2's limits applied. */
export function modelDisplay(model: MathematicalModel) {
  return {
    equations: firstN(model.equations, MODEL_LIMITS.equations),
    strengths: firstN(model.validation.strengths, MODEL_LIMITS.strengths).shown,
    limitations: firstN(model.validation.limitations, MODEL_LIMITS.limitations).shown,
    validationMethods: firstN(model.validation.validationMethods, MODEL_LIMITS.validationMethods).shown,
    applications: firstN(model.practicalApplications, MODEL_LIMITS.applications).shown,
  }
}

/** SPEC §2's text after the equations shown, worded as the spec has it (also for N = 1). */
export function moreEquationsLabel(n: number): string {
  return `+${n} more equations`
}

/** SPEC §2: system dynamics are typeset as a formula when they contain a backslash. */
export function isMathText(text: string): boolean {
  return text.includes('\\')
}

export const RELIABILITY_LABELS: Record<Reliability, string> = { high: 'High', medium: 'Medium', low: 'Low' }

/**
 * A formula as a generator may wrap it — `$…$`, `$$…$$`, `\(…\)`, `\[…\]` — reduced to the
 * TeX inside, for typesetting.
 */
export function stripMathDelimiters(tex: string): string {
  const t = tex.trim()
  const m =
    /^\$\$([\s\S]*)\$\$$/.exec(t) ??
    /^\$([\s\S]*)\$$/.exec(t) ??
    /^\\\(([\s\S]*)\\\)$/.exec(t) ??
    /^\\\[([\s\S]*)\\\]$/.exec(t)
  return (m ? m[1] : t).trim()
}
