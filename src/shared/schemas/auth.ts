import { z } from 'zod'

/** SPEC §9 and the accounts issue: 6 to 128 characters, counted as the user typed them. */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128
/** SPEC §9: at most 5 admin accounts. */
export const MAX_ADMINS = 5

/** An e-mail address as people type it: trimmed, one line, at most 254 characters. */
export const EmailSchema = z
  .string('Valid email is required')
  .trim()
  .max(254, 'Valid email is required')
  .refine((v) => !/[\r\n]/.test(v), 'Valid email is required')
  .pipe(z.email('Valid email is required'))

export const RoleSchema = z.enum(['admin', 'guest'])
export type Role = z.infer<typeof RoleSchema>

export const UsernameSchema = z
  .string('Username is required')
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may use letters, digits, dots, dashes and underscores only')

/** A password being set. Sign-in accepts any non-empty text (see LoginSchema). */
export const NewPasswordSchema = z
  .string('Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)

/**
 * A stored account. Only the server sees this shape; everything that leaves it goes through
 * `publicUser` (src/auth), which is UserSchema below.
 */
export const UserRecordSchema = z.object({
  id: z.number().int().min(1),
  username: z.string().min(1).max(64),
  /** Compared case-insensitively; unique among accounts. */
  email: z.string().max(254).nullable(),
  role: RoleSchema,
  passwordHash: z.string().min(1),
  /** Bumped by logout, password change and reset: cookies carrying an older value are void. */
  sessionVersion: z.number().int().min(0),
  passwordReset: z.object({ tokenHash: z.string(), expiresAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type UserRecord = z.infer<typeof UserRecordSchema>

/** The current user as the API answers it (GET /api/auth/me → `{user}`). */
export const UserSchema = UserRecordSchema.pick({ id: true, username: true, email: true, role: true, createdAt: true })
export type User = z.infer<typeof UserSchema>

/** GET /api/auth/admin-list → `{adminUsers}`. */
export const AdminSummarySchema = UserRecordSchema.pick({ id: true, username: true, createdAt: true })
export type AdminSummary = z.infer<typeof AdminSummarySchema>

// ---- request bodies (SPEC §5 messages) ----

export const LoginSchema = z.object({
  username: z
    .string('Username is required')
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Invalid username or password'),
  password: z.string('Password is required').min(1, 'Password is required').max(1_000, 'Invalid username or password'),
})
export type LoginInput = z.infer<typeof LoginSchema>

/** DECISIONS.md: POST /api/auth/setup takes `{username, password, email}`, e-mail optional. */
export const SetupSchema = z.object({
  username: UsernameSchema,
  password: NewPasswordSchema,
  email: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), EmailSchema.optional()),
})
export type SetupInput = z.infer<typeof SetupSchema>

/** `?setup=TOKEN`: the setup link `blog serve` prints, for the first admin of a site with posts. */
export const SetupQuerySchema = z.object({
  setup: z.string('The setup link is invalid.').max(200, 'The setup link is invalid.').optional(),
})

export const ForgotPasswordSchema = z.object({ email: EmailSchema })

export const PasswordResetSchema = z
  .object({
    token: z
      .string('Reset token is required')
      .trim()
      .min(1, 'Reset token is required')
      .max(200, 'This reset link is invalid or has expired.'),
    password: NewPasswordSchema,
    confirmPassword: z
      .string('Password confirmation is required')
      .min(PASSWORD_MIN, 'Password confirmation is required'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>

export const UpdateEmailSchema = z.object({
  email: z.string('Email address is required.').trim().min(1, 'Email address is required.').pipe(EmailSchema),
})

export const UpdatePasswordSchema = z.object({
  currentPassword: z.string('All password fields are required.').min(1, 'All password fields are required.').max(1_000),
  newPassword: z
    .string('All password fields are required.')
    .min(1, 'All password fields are required.')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`),
})
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordSchema>
