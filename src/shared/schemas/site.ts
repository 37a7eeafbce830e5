import { z } from 'zod'

export const RoleSchema = z.enum(['admin', 'guest']).or(z.string())
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  createdAt: z.string(),
})
export type User = z.infer<typeof UserSchema>

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

export const SubscriptionSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => !/[\r\n]/.test(v), 'Valid email is required')
    .pipe(z.email('Valid email is required')),
})
export const PasswordResetSchema = z
  .object({
    token: z.string().min(1, 'Reset token is required'),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(6, 'Password confirmation is required'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })

export const TrackingActionSchema = z.enum(['entry', 'time_spent', 'view', 'search', 'click_link', 'tag_click', 'scroll'])
export const TrackingEventSchema = z.object({
  userId: z.number().int().nullable(),
  sessionId: z.string().min(1).max(100),
  postId: z.number().int().nullable(),
  actionType: TrackingActionSchema,
  actionData: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
})
