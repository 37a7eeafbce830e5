import { z } from 'zod'
import { AnnotationSchema, BibliographySchema, MathematicalModelSchema } from '../../shared/schemas/index.js'

/**
 * What the model is asked to answer for each kind: the stored schemas themselves, a list
 * wrapped in an object (structured outputs need an object at the top).
 */
export const OUTPUTS = {
  annotations: z.object({ annotations: z.array(AnnotationSchema) }),
  bibliography: BibliographySchema,
  summary: z.object({ summary: z.string().min(1) }),
  mathematicalModel: MathematicalModelSchema,
} as const

export type OutputKind = keyof typeof OUTPUTS
