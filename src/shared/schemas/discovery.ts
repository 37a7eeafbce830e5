import { z } from 'zod'
import { PostListItemSchema } from './post.js'

const score = z.number().min(0).max(1)

export const RelationshipTypeSchema = z.enum(['topical', 'conceptual', 'structural'])
/** The card fields a related post and a search result share with the posts list (SPEC §3). */
const postCard = PostListItemSchema.pick({
  id: true,
  slug: true,
  title: true,
  author: true,
  readTime: true,
  publishedAt: true,
  excerpt: true,
  tags: true,
})

export const RelatedPostSchema = postCard.extend({
  relationshipType: RelationshipTypeSchema,
  similarityScore: score,
})
export type RelatedPost = z.infer<typeof RelatedPostSchema>

const essayRef = z.object({ id: z.number().int(), slug: z.string(), title: z.string() })
export const SmartSidebarSchema = z.object({
  continueReading: z.array(essayRef.extend({ excerpt: z.string(), reason: z.string(), relevanceScore: score })),
  conceptConnections: z.array(
    z.object({ concept: z.string(), relatedEssays: z.array(essayRef.extend({ snippet: z.string() })) }),
  ),
  readingPaths: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      difficulty: z.enum(['beginner', 'intermediate', 'advanced']),
      totalReadTime: z.number().int(),
      description: z.string(),
      essays: z.array(essayRef.extend({ reason: z.string(), order: z.number().int() })),
    }),
  ),
  thematicCollections: z.array(
    z.object({
      theme: z.string(),
      totalEssays: z.number().int(),
      essays: z.array(essayRef.extend({ excerpt: z.string() })),
    }),
  ),
})
export type SmartSidebar = z.infer<typeof SmartSidebarSchema>

export const ArgumentStrengthSchema = z.object({
  overallScore: score,
  evidenceQuality: score,
  logicalCoherence: score,
  sourceDiversity: score,
  supportingEvidence: z.array(z.string()),
  weakPoints: z.array(z.string()),
  /** How each score was computed, one line per measure (issue 22: every number explains itself). */
  method: z.array(z.string()).optional(),
})
export const CrossReferenceSchema = z.object({
  concept: z.string(),
  relationshipType: z.enum(['support', 'citation', 'expansion', 'contradiction', 'evolution']),
  targetPostTitle: z.string(),
  targetPostSlug: z.string(),
  strength: score,
  /** Why the relationship is claimed and how its strength was computed (issue 22), one line each. */
  evidence: z.array(z.string()).optional(),
})
export type ArgumentStrength = z.infer<typeof ArgumentStrengthSchema>
export type CrossReference = z.infer<typeof CrossReferenceSchema>

/**
 * GET /api/concepts/evolution (admin; SPEC leaves the shape open): the concepts that are key
 * terms of at least two essays, most widespread first. `posts` are the essays using the concept
 * in publication order, `weight` 0–1 is how much each says about it (uses per 1,000 words,
 * relative to the heaviest user). `trend` compares the earlier and later halves of the site's
 * time span (emerging: only in its last third).
 */
export const ConceptEvolutionSchema = z.array(
  z.object({
    concept: z.string(),
    firstSeen: z.string(),
    lastSeen: z.string(),
    totalPosts: z.number().int(),
    trend: z.enum(['rising', 'steady', 'declining', 'emerging']),
    posts: z.array(essayRef.extend({ publishedAt: z.string(), weight: score })),
  }),
)
export type ConceptEvolution = z.infer<typeof ConceptEvolutionSchema>

/**
 * GET /api/user/insights (admin): how the site's readers read, aggregated over every stored
 * tracking event (DECISIONS.md: computed, never generated). averageSessionTime is in seconds
 * (the time_spent events' sum per session, over sessions that sent one); `basedOn` says how
 * much data there is: with no events every figure is 0 and the texts say "Not enough data".
 */
export const UserInsightsSchema = z.object({
  basedOn: z.object({
    events: z.number().int(),
    sessions: z.number().int(),
    signedInReaders: z.number().int(),
    firstEventAt: z.string().nullable(),
    lastEventAt: z.string().nullable(),
  }),
  readingPattern: z.object({
    totalSessions: z.number().int(),
    averageSessionTime: z.number(),
    readingFrequency: z.string(),
    mostActiveTimeOfDay: z.string(),
    attentionSpan: z.enum(['high', 'medium', 'low']),
  }),
  topicPreferences: z.object({
    favoriteTopics: z.array(z.object({ topic: z.string(), engagement: z.number() })),
    explorationPattern: z.string(),
  }),
  cognitiveProfile: z.object({
    preferredComplexity: z.string(),
    learningStyle: z.string(),
    engagementTriggers: z.array(z.string()),
  }),
  recommendations: z.array(z.string()),
})
export type UserInsights = z.infer<typeof UserInsightsSchema>

export const MatchTypeSchema = z.enum(['title', 'content', 'tags', 'semantic'])
const searchNumber = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of minutes`)
    .transform(Number)
    .pipe(z.number().int().max(10_000, `${name} is too large`))
    .optional()
const searchDate = (name: string) => z.string().trim().date(`${name} must be a date (YYYY-MM-DD)`).optional()

/**
 * GET /api/search/advanced (SPEC §7). q keeps its trailing space: a query ending in a space
 * has its last word finished, one without is still being typed (prefix completion).
 */
export const SearchQuerySchema = z
  .object({
    q: z.string().max(500).default(''),
    tags: z
      .string()
      .max(2_000)
      .optional()
      .transform((v) =>
        v
          ? [
              ...new Set(
                v
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              ),
            ]
          : [],
      ),
    author: z.string().trim().max(300).optional(),
    minReadTime: searchNumber('minReadTime'),
    maxReadTime: searchNumber('maxReadTime'),
    startDate: searchDate('startDate'),
    endDate: searchDate('endDate'),
    /** Results returned (all are counted in totalCount); not in SPEC, which shows no paging. */
    limit: z
      .string()
      .regex(/^\d+$/, 'limit must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(200))
      .optional(),
  })
  .refine((v) => v.minReadTime === undefined || v.maxReadTime === undefined || v.minReadTime <= v.maxReadTime, {
    message: 'minReadTime must not be greater than maxReadTime',
    path: ['minReadTime'],
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  })
export type SearchQuery = z.output<typeof SearchQuerySchema>
export const SearchResultItemSchema = postCard.extend({
  matchType: MatchTypeSchema,
  relevanceScore: z.number(),
  matchedTerms: z.array(z.string()),
})
export const SearchResultSchema = z.object({
  totalCount: z.number().int(),
  query: z.string(),
  searchTime: z.number(),
  suggestions: z.array(z.string()),
  relatedTags: z.array(z.string()),
  results: z.array(SearchResultItemSchema),
})
export type SearchResult = z.infer<typeof SearchResultSchema>
export type SearchResultItem = z.infer<typeof SearchResultItemSchema>
