import { z } from 'zod'

/** A permalink pattern or style as written: a path, or a word (Jekyll's `pretty`). */
export const PermalinkPattern = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^[^\s?#]+$/, 'no spaces, queries or fragments')
