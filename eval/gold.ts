import { z } from 'zod'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One essay of an evaluation set (`../shared/eval/quality-public.json`), read by hand by an editor. */
export const GoldEssaySchema = z.object({
  /** Path under the corpus folder. */
  file: z.string(),
  title: z.string(),
  /** Terms a reader needs explained, each with its accepted surface forms. */
  keyTerms: z.array(z.array(z.string()).min(1)),
  /** Targets that would be useless to annotate. */
  badTargets: z.array(z.string()),
  /** TeX symbol → the names the essay gives it. */
  symbols: z.record(z.string(), z.array(z.string())),
  /** The equations that state the model or main result, as written in the source. */
  definingEquations: z.array(z.string()),
  dynamics: z.boolean(),
  /** Points a faithful summary must carry. */
  summaryPoints: z.array(z.string()),
  notes: z.string().optional(),
})
export type GoldEssay = z.infer<typeof GoldEssaySchema>

export const GoldSetSchema = z.array(GoldEssaySchema)

/**
 * Every gold set of the evaluation folder (`quality-*.json`, those added later included), in
 * file-name order, each essay once (the first set that reads it wins).
 */
export function loadGoldSets(dir: string): GoldEssay[] {
  const seen = new Set<string>()
  const out: GoldEssay[] = []
  for (const name of readdirSync(dir)
    .filter((f) => /^quality-.*\.json$/.test(f))
    .sort()) {
    for (const essay of GoldSetSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')))) {
      if (seen.has(essay.file)) continue
      seen.add(essay.file)
      out.push(essay)
    }
  }
  return out
}
