import { z } from 'zod'
import { EmailSchema } from './auth.js'
import { groupThousands } from '../plain-format.js'

export const ABOUT_MAX = 200_000
/** PATCH /api/about. */
export const AboutSchema = z.object({
  content: z
    .string('Content is required')
    .max(ABOUT_MAX, `The About page is limited to ${groupThousands(ABOUT_MAX)} characters`),
})
/** GET /api/about: the markdown, and the same rendered by the site's pipeline ('' and '' when none is stored). */
export const AboutPageSchema = z.object({ content: z.string(), html: z.string() })
export type About = z.infer<typeof AboutPageSchema>

export const SocialIconSchema = z.enum(['twitter', 'github', 'linkedin'])
/**
 * Footer links are followed by every visitor: web addresses, mail, site paths and '#' only, never
 * `javascript:`. A site path must stay on the site: browsers read `/\host` and `/<tab>/host` as
 * `//host`, another site, so control characters are refused anywhere and backslashes in site paths.
 */
export const SafeHrefSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine(
    (v) => /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(v),
    'Links must start with https://, http://, mailto:, / or #',
  )
  .refine(
    (v) => ![...v].some((c) => c < ' ' || c === '\u007f') && !(v.startsWith('/') && v.includes('\\')),
    'Links must not contain backslashes or control characters',
  )
export const SocialLinkSchema = z.object({
  name: z.string().trim().min(1).max(100),
  url: SafeHrefSchema,
  icon: SocialIconSchema,
})
export const LinkSectionSchema = z.object({
  title: z.string().trim().min(1).max(100),
  links: z.array(z.object({ name: z.string().trim().min(1).max(100), href: SafeHrefSchema })).max(50),
})
/** Footer as the API answers it: socialLinks and linkSections are JSON text (SPEC §3, §7). */
export const FooterSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(2_000),
  copyright: z.string().max(500),
  socialLinks: z.string(),
  linkSections: z.string(),
})
export type Footer = z.infer<typeof FooterSchema>

/** JSON text that must parse into `schema`; the stored text is re-serialised from the parsed value. */
const jsonText = <S extends z.ZodType>(schema: S, what: string) =>
  z.string().transform((text, ctx) => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what} must be JSON text` })
      return z.NEVER
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      ctx.addIssue({ code: 'custom', message: `${what}: ${issue.path.join('.')} ${issue.message}`.trim() })
      return z.NEVER
    }
    return JSON.stringify(parsed.data)
  })

/** PATCH /api/footer (SPEC §7): lists as JSON text, checked item by item. */
export const FooterUpdateSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(2_000),
  copyright: z.string().trim().max(500),
  socialLinks: jsonText(z.array(SocialLinkSchema).max(20), 'socialLinks'),
  linkSections: jsonText(z.array(LinkSectionSchema).max(10), 'linkSections'),
})

export const SubscriptionSchema = z.object({ email: EmailSchema })
export type Subscription = z.infer<typeof SubscriptionSchema>

export const TrackingActionSchema = z.enum([
  'entry',
  'time_spent',
  'view',
  'search',
  'click_link',
  'tag_click',
  'scroll',
])
/** POST /api/user/track. Sizes are bounded so the event log's growth is too. */
export const TrackingEventSchema = z.object({
  userId: z.number().int().nullable().optional(),
  sessionId: z.string().min(1).max(100),
  postId: z.number().int().min(1).nullable(),
  actionType: TrackingActionSchema,
  actionData: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 8, 'actionData has at most 8 fields'),
})
export type TrackingEvent = z.infer<typeof TrackingEventSchema>
