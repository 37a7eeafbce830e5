import type { Annotation, MathematicalModel } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import { guardAnnotations, guardModel, guardSummary, type Guarded } from './guard-aids.js'

export { cleanProse } from './guard-aids.js'
export { formulaForNote, formulaText, expandedTex } from './formula-text.js'
export { guardContext } from './guard-context.js'
export { hasTexInProse } from './tex-in-prose.js'
export { selfNamed } from './self-named.js'
export { targetFault } from './target-check.js'

/** What each kind of aid is, as the guard sees it. */
interface AidValues {
  annotations: Annotation[]
  summary: string
  mathematicalModel: MathematicalModel
}

/** Kinds the guard reads; a bibliography has its own checks (cited works, the site's essays). */
export function isGuarded(kind: string): kind is keyof AidValues {
  return kind === 'annotations' || kind === 'summary' || kind === 'mathematicalModel'
}

/** One aid through the guard (see guard-aids.ts), whichever provider made it. */
export function guardAid<K extends keyof AidValues>(
  kind: K,
  value: AidValues[K],
  input: EssayInput,
): Guarded<AidValues[K]> {
  if (kind === 'annotations') return guardAnnotations(value as Annotation[], input) as Guarded<AidValues[K]>
  if (kind === 'summary') return guardSummary(value as string, input) as Guarded<AidValues[K]>
  return guardModel(value as MathematicalModel) as Guarded<AidValues[K]>
}
