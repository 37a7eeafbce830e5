import { parseBibliography } from '../../src/shared/bibliography.js'
import { readJsonText } from '../../src/shared/json-text.js'
import { AnnotationSchema, MathematicalModelSchema } from '../../src/shared/schemas/enhancements.js'
import type { Annotation, Bibliography, MathematicalModel } from '../../src/shared/schemas/enhancements.js'
import type { Post } from '../../src/shared/schemas/index.js'
import { highlightAnnotations } from './annotations.js'
import type { AnnotationType, HighlightResult } from './annotations.js'

// Reading a post's stored enhancements (AI output, so read leniently with the shared zod
// schemas). This module is the one place the post page needs zod; it is loaded only for posts
// that have enhancements (web/lib/reading-aids-loader.ts).

/** What a post's stored enhancements give the reader, each left out when it cannot be read. */
export interface ReadingAids {
  annotations: Annotation[] | null
  /** The essay's HTML with the annotations marked, when at least one could be placed. */
  highlighted: HighlightResult | null
  annotationTypes: ReadonlySet<AnnotationType>
  bibliography: Bibliography | null
  model: MathematicalModel | null
}

export type ReadingAidsSource = Pick<Post, 'html' | 'annotations' | 'bibliography' | 'mathematicalModel'>

/**
 * A post's `annotations` JSON text, read leniently: null when it is not JSON or not a list;
 * otherwise the well-formed annotations (an odd one from a generator is dropped, not fatal).
 * The list may also come wrapped as `{ annotations: [...] }`.
 */
export function parseAnnotations(text: string | null | undefined): Annotation[] | null {
  let json = readJsonText(text)
  if (json === undefined) return null
  if (json && typeof json === 'object' && !Array.isArray(json) && 'annotations' in json) json = json.annotations
  if (!Array.isArray(json)) return null
  return json.flatMap((item) => {
    const parsed = AnnotationSchema.safeParse(item)
    return parsed.success && parsed.data.targetText.trim() ? [parsed.data] : []
  })
}

/**
 * A post's stored `mathematicalModel` JSON text, or null when there is none or it does not
 * have the model's shape (the panel is then not shown). A model may come wrapped as
 * `{ model: {...} }`, as the generate call answers it.
 */
export function parseMathematicalModel(text: string | null | undefined): MathematicalModel | null {
  let json = readJsonText(text)
  if (json === undefined) return null
  if (json && typeof json === 'object' && 'model' in json && !('field' in json)) json = json.model
  const parsed = MathematicalModelSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/** SPEC §8 silent failures: an enhancement that cannot be read is simply not shown. */
export function readReadingAids(post: ReadingAidsSource): ReadingAids {
  const annotations = parseAnnotations(post.annotations)
  const placed = annotations && annotations.length > 0 ? highlightAnnotations(post.html, annotations) : null
  const highlighted = placed && placed.placed.length > 0 ? placed : null
  return {
    annotations,
    highlighted,
    annotationTypes: new Set((highlighted?.placed ?? []).map((i) => annotations![i].type)),
    bibliography: parseBibliography(post.bibliography),
    model: parseMathematicalModel(post.mathematicalModel),
  }
}
