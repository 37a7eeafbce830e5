import { z } from 'zod'

/**
 * The essay as the site's one reading saw it (issue 20): its blocks in order, each inline run
 * typed, taken from the rendered tree before formulas become KaTeX markup. Everything that
 * analyses an essay's prose (the local AI provider, discovery) reads this, never the markdown.
 */
/**
 * A run of a text segment the author emphasised (`*term*`, `**term**`, `<em>`, `<b>`), as
 * character offsets into its text: a first emphasised use is how many essays mark a new term.
 */
export const EmphasisSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  strong: z.boolean().optional(),
})
export type Emphasis = z.infer<typeof EmphasisSchema>

export const ReadingSegmentSchema = z.discriminatedUnion('kind', [
  /** Prose as read; `emphasis` (left out when none) marks its emphasised runs. */
  z.object({ kind: z.literal('text'), text: z.string(), emphasis: z.array(EmphasisSchema).optional() }),
  z.object({ kind: z.literal('link'), text: z.string(), url: z.string() }),
  z.object({ kind: z.literal('math'), tex: z.string() }),
  z.object({ kind: z.literal('code'), text: z.string() }),
  /** A citation key no bibliography entry matched (a resolved one reads as its mark's text). */
  z.object({ kind: z.literal('cite'), keys: z.array(z.string()), narrative: z.boolean().optional() }),
])
export type ReadingSegment = z.infer<typeof ReadingSegmentSchema>

export const ProseBlockKindSchema = z.enum(['paragraph', 'item', 'quote', 'footnote', 'table', 'html'])

export const ReadingBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('heading'),
    depth: z.number().int().min(1).max(6),
    segments: z.array(ReadingSegmentSchema),
  }),
  z.object({
    kind: z.literal('prose'),
    block: ProseBlockKindSchema,
    segments: z.array(ReadingSegmentSchema),
    /** The bold lead-in the block starts with ("Theorem", "Proof"), without its colon. */
    lead: z.string().optional(),
  }),
  /** A display formula, its TeX as written (numbering tags removed), with the author's label. */
  z.object({ kind: z.literal('display'), tex: z.string(), label: z.string().nullable() }),
  /**
   * A code block as the page shows it (for d2l, the one framework the page keeps), for readers
   * of the whole essay such as the OpenAI provider; left out by readings stored before it.
   */
  z.object({ kind: z.literal('code'), text: z.string().optional(), language: z.string().optional() }),
])
export type ReadingBlock = z.infer<typeof ReadingBlockSchema>
