import type { z } from 'zod'
import { BlogError } from '../core/errors.js'

/**
 * The value as the shared schema parses it, or a usage error (exit 2) with the schema's own
 * messages (SPEC wording). The value itself is never quoted back: it may be a password.
 */
export function parseArgs<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const messages = [...new Set(result.error.issues.map((i) => i.message))]
  throw new BlogError('VALIDATION', `${messages.join('. ')}. Nothing was changed.`)
}
