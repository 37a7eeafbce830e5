import type { z } from 'zod'
import { BlogError } from '../core/errors.js'

/** The command that checks a data folder and rebuilds what can be rebuilt (src/store/doctor.ts). */
export const REPAIR_COMMAND = 'blog doctor --repair'

/**
 * A file of the data folder that the store will not use: which file, what is wrong with it in
 * one line, and what to do. Nothing is changed on disk before this is thrown, so whatever the
 * file still holds can be recovered. The path is for the owner at the terminal; the HTTP
 * adapter keeps it out of answers to web clients.
 */
export function damagedFile(file: string, what: string, hint: string): BlogError {
  const error = new BlogError('STORE_CORRUPT', `${file} ${what}`, hint)
  return Object.assign(error, { file })
}

/** The first problem zod found, as one readable line (the full issue list is a JSON dump). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'it does not have the expected shape'
  const field = issue.path.length ? `"${issue.path.map(String).join('.')}": ` : ''
  return `${field}${issue.message.replace(/\s+/g, ' ')}`
}
