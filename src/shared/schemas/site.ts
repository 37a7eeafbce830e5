import { z } from 'zod'
import { EmailSchema } from './auth.js'

export const AboutSchema = z.object({ content: z.string().max(200_000) })
export type About = z.infer<typeof AboutSchema>

export const SocialIconSchema = z.enum(['twitter', 'github', 'linkedin'])
export const SocialLinkSchema = z.object({ name: z.string().max(100), url: z.string().max(2_000), icon: SocialIconSchema })
export const LinkSectionSchema = z.object({
  title: z.string().max(100),
  links: z.array(z.object({ name: z.string().max(100), href: z.string().max(2_000) })).max(50),
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

export const SubscriptionSchema = z.object({ email: EmailSchema })
export type Subscription = z.infer<typeof SubscriptionSchema>

export const TrackingActionSchema = z.enum(['entry', 'time_spent', 'view', 'search', 'click_link', 'tag_click', 'scroll'])
export const TrackingEventSchema = z.object({
  userId: z.number().int().nullable(),
  sessionId: z.string().min(1).max(100),
  postId: z.number().int().nullable(),
  actionType: TrackingActionSchema,
  actionData: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
})
