import { z } from 'zod'
import { DOI_PATTERN, normaliseDoi } from '../doi.js'

/**
 * What makes an essay citable beyond its title, authors and date (issue 40), from its front
 * matter: `doi` (also written `https://doi.org/…` or `doi:…`; kept as `10.x/y`), `version`
 * (text or a number) and `archive` (alias `archive_url`), the address of a permanent archived
 * copy (Zenodo, Software Heritage, the Internet Archive, arXiv). The post's own page stays its
 * canonical address (DECISIONS.md): `archive` is shown and cited beside it, never instead of it.
 */
export const PostCitationSchema = z.object({
  doi: z.string().regex(DOI_PATTERN).nullable(),
  version: z.string().min(1).max(64).nullable(),
  archive: z.url({ protocol: /^https?$/ }).nullable(),
})
export type PostCitation = z.infer<typeof PostCitationSchema>

/** Each front-matter field as it may be written, with the message an author reads when it is not. */
const FIELDS = {
  doi: z.preprocess(
    (v) => (typeof v === 'string' ? (normaliseDoi(v) ?? v.trim()) : v),
    z.string('doi must be text').regex(DOI_PATTERN, 'doi must be a DOI such as 10.5281/zenodo.1234567'),
  ),
  version: z
    .union([z.string(), z.number()], 'version must be text or a number')
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'version is empty').max(64, 'version is longer than 64 characters')),
  archive: z
    .string('archive must be a web address')
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'archive must be an http(s) address' })),
} as const

/** The keys each field is read from, case-insensitively; the first present wins. */
const KEYS: Record<keyof PostCitation, string[]> = {
  doi: ['doi'],
  version: ['version'],
  archive: ['archive', 'archive_url', 'archiveurl'],
}

/**
 * The citation fields of an essay's front matter, and what was wrong with those that could not
 * be used (for the import report). A Quarto `citation:` block's `doi` is read too.
 */
export function readPostCitation(frontmatter: Record<string, unknown>): { citation: PostCitation; problems: string[] } {
  const lower = new Map<string, unknown>()
  for (const [key, value] of Object.entries(frontmatter))
    if (!lower.has(key.toLowerCase())) lower.set(key.toLowerCase(), value)
  const quarto = lower.get('citation')
  const nested =
    quarto && typeof quarto === 'object' && !Array.isArray(quarto) ? (quarto as Record<string, unknown>) : {}
  const citation: PostCitation = { doi: null, version: null, archive: null }
  const problems: string[] = []
  for (const field of Object.keys(KEYS) as (keyof PostCitation)[]) {
    const value =
      KEYS[field].map((k) => lower.get(k)).find((v) => v !== undefined && v !== null && v !== '') ?? nested[field]
    if (value === undefined || value === null || value === '') continue
    const read = FIELDS[field].safeParse(value)
    if (read.success) citation[field] = read.data
    else
      problems.push(
        `${field}: ${read.error.issues[0]?.message ?? 'unreadable'} (${JSON.stringify(value).slice(0, 60)}); left out`,
      )
  }
  return { citation, problems }
}
