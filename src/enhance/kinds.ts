import { z } from 'zod'
import {
  AnnotationSchema,
  BibliographySchema,
  MathematicalModelSchema,
  type Annotation,
  type Bibliography,
  type MathematicalModel,
  type PostBody,
} from '../shared/schemas/index.js'
import { bibliographyMarkdown } from './bibliography-markdown.js'
import type { EnhanceKind } from './types.js'

export interface EnhanceValues {
  annotations: Annotation[]
  bibliography: Bibliography
  summary: string
  mathematicalModel: MathematicalModel
}

/** What is stored for each kind is validated with these, whatever provider made it. */
export const STORED: { [K in EnhanceKind]: z.ZodType<EnhanceValues[K]> } = {
  annotations: z.array(AnnotationSchema),
  bibliography: BibliographySchema,
  summary: z.string().trim().min(1, 'The summary is empty'),
  mathematicalModel: MathematicalModelSchema,
}

/** In messages: "the annotations of …", "the summary of …". */
export const LABEL: Record<EnhanceKind, string> = {
  annotations: 'annotations',
  bibliography: 'bibliography',
  summary: 'summary',
  mathematicalModel: 'mathematical model',
}

/** In sentences: "returned annotations that are …", "returned a summary that is …". */
export const NOUN: Record<EnhanceKind, { text: string; verb: 'is' | 'are' }> = {
  annotations: { text: 'annotations', verb: 'are' },
  bibliography: { text: 'a bibliography', verb: 'is' },
  summary: { text: 'a summary', verb: 'is' },
  mathematicalModel: { text: 'a mathematical model', verb: 'is' },
}

/** The body fields a result is stored in: JSON text for structured kinds, and the readable forms beside them. */
export function bodyFields<K extends EnhanceKind>(kind: K, value: EnhanceValues[K]): Partial<PostBody> {
  switch (kind) {
    case 'annotations':
      return { annotations: JSON.stringify(value) }
    case 'bibliography':
      return { bibliography: JSON.stringify(value), bibliographyContent: bibliographyMarkdown(value as Bibliography) }
    case 'summary':
      return { summary: (value as string).trim() }
    default:
      return { mathematicalModel: JSON.stringify(value) }
  }
}
