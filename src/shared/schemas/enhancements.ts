import { z } from 'zod'
import { ANNOTATION_TYPE_VALUES } from '../annotation-types.js'

export const AnnotationTypeSchema = z.enum(ANNOTATION_TYPE_VALUES)
export const AnnotationSchema = z.object({
  type: AnnotationTypeSchema,
  targetText: z.string().min(1),
  annotation: z.string().min(1),
  category: z.string(),
  priority: z
    .number()
    .int()
    .min(1)
    .max(5)
    .or(z.enum(['high', 'medium', 'low'])),
})
export type Annotation = z.infer<typeof AnnotationSchema>

export const BibliographyEntryTypeSchema = z.enum(['book', 'journal', 'article', 'website', 'research'])
export const BibliographyEntrySchema = z.object({
  id: z.string(),
  type: BibliographyEntryTypeSchema,
  year: z.union([z.number().int(), z.string()]).nullable().optional(),
  title: z.string(),
  authors: z.array(z.string()),
  publication: z.string().nullable().optional(),
  volume: z.string().nullable().optional(),
  issue: z.string().nullable().optional(),
  pages: z.string().nullable().optional(),
  relevance: z.string().nullable().optional(),
  quote: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  doi: z.string().nullable().optional(),
  isbn: z.string().nullable().optional(),
})
export const BibliographySchema = z.object({
  introduction: z.string(),
  entries: z.array(BibliographyEntrySchema),
  furtherReading: z.array(z.string()),
})
export type Bibliography = z.infer<typeof BibliographySchema>

export const MeasurabilitySchema = z.enum(['direct', 'indirect', 'proxy', 'theoretical'])
export const ModelVariableSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  range: z.string(),
  measurability: MeasurabilitySchema,
})
export const ModelEquationSchema = z.object({ name: z.string(), equation: z.string(), description: z.string() })
export const ReliabilitySchema = z.enum(['high', 'medium', 'low'])
export const MathematicalModelSchema = z.object({
  field: z.string(),
  abstract: z.string(),
  variables: z.array(ModelVariableSchema),
  equations: z.array(ModelEquationSchema),
  systemDynamics: z.string(),
  validation: z.object({
    reliability: ReliabilitySchema,
    strengths: z.array(z.string()),
    limitations: z.array(z.string()),
    validationMethods: z.array(z.string()),
  }),
  practicalApplications: z.array(z.string()),
})
export type MathematicalModel = z.infer<typeof MathematicalModelSchema>
export const GenerateModelResponseSchema = z.object({
  model: MathematicalModelSchema,
  variablesCount: z.number().int(),
})

export const ImageTypeSchema = z.enum(['banner', 'content', 'both'])
export const ImageOptionsSchema = z.object({
  model: z.enum(['dall-e-3', 'dall-e-2', 'gpt-image-1']).default('dall-e-3'),
  quality: z.enum(['hd', 'standard']).default('hd'),
  style: z.enum(['natural', 'vivid']).default('natural'),
  useCustomPrompt: z.boolean().default(false),
  customPrompt: z.string().trim().max(4_000).default(''),
})
export type ImageOptions = z.infer<typeof ImageOptionsSchema>
export const RegenerateImagesBodySchema = z.object({
  imageType: ImageTypeSchema.default('both'),
  imageOptions: ImageOptionsSchema.optional(),
})

export const JobStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed'])
export const JobSchema = z.object({
  id: z.string(),
  postId: z.number().int(),
  title: z.string(),
  kind: z.string(),
  status: JobStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** A completed job's remark: parts of the AI's answer dropped because the essay does not support them. */
  note: z.string().optional(),
})
export type Job = z.infer<typeof JobSchema>
export const JobsStatusSchema = z.object({
  jobs: z.array(JobSchema),
  totalJobs: z.number().int(),
  pendingJobs: z.number().int(),
})

/** What a job does: images for one post, or a text enhancement run by the enhance service. */
export const JobKindSchema = z.enum(['images', 'annotations', 'bibliography'])
export type JobKind = z.infer<typeof JobKindSchema>
export const ImageJobOptionsSchema = z.object({ imageType: ImageTypeSchema, imageOptions: ImageOptionsSchema })
export type ImageJobOptions = z.infer<typeof ImageJobOptionsSchema>

/** A job as db.json keeps it: the public fields plus what the runner needs to run it once, and again after a crash. */
export const JobRecordSchema = JobSchema.extend({
  kind: JobKindSchema,
  options: ImageJobOptionsSchema.nullable(),
  /** How many times a runner started it; a second interruption fails it. */
  attempts: z.number().int().min(0),
  startedAt: z.string().nullable(),
  /** The runner that holds it while processing, and until when its claim holds without renewal. */
  owner: z.object({ runner: z.string(), host: z.string(), pid: z.number().int() }).nullable(),
  leaseUntil: z.string().nullable(),
})
export type JobRecord = z.infer<typeof JobRecordSchema>
