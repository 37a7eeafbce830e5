import { z } from 'zod'
import { BibliographyEntrySchema, type Bibliography } from './schemas/enhancements.js'
import { readJsonText } from './json-text.js'

const Loose = z.object({
  introduction: z.unknown().optional(),
  entries: z.array(z.unknown()),
  furtherReading: z.unknown().optional(),
})

/**
 * A post's `bibliography` JSON text, read leniently: null when it is not JSON or has no entry
 * list (SPEC §2: such a section is silently omitted); otherwise the entries that are well
 * formed, so one odd entry from a generator does not throw away the rest.
 */
export function parseBibliography(text: string | null | undefined): Bibliography | null {
  const json = readJsonText(text)
  if (json === undefined) return null
  const loose = Loose.safeParse(json)
  if (!loose.success) return null
  const { introduction, entries, furtherReading } = loose.data
  return {
    introduction: typeof introduction === 'string' ? introduction : '',
    entries: entries.flatMap((e) => {
      const parsed = BibliographyEntrySchema.safeParse(e)
      return parsed.success ? [parsed.data] : []
    }),
    furtherReading: Array.isArray(furtherReading)
      ? furtherReading.filter((s): s is string => typeof s === 'string')
      : [],
  }
}
