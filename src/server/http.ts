import type { NextFunction, Request, Response } from 'express'
import type { z } from 'zod'
import { BlogError } from '../core/errors.js'
import type { Viewer } from '../core/viewer.js'
import { GUEST } from '../core/viewer.js'

/** Ghost's `http(api.posts.browse)`: the handler returns data, this sends it as JSON. */
export function http<T>(handler: (req: Request, res: Response) => Promise<T> | T) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const data = await handler(req, res)
      if (!res.headersSent) res.json(data)
    } catch (e) {
      next(e)
    }
  }
}

/** Validate untrusted input with a zod schema; a failure is a 400 with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw new BlogError('VALIDATION', `${where}${issue?.message ?? 'Invalid input'}`)
}

export const viewerOf = (res: Response): Viewer => (res.locals.viewer as Viewer | undefined) ?? GUEST

/** Who is calling, for per-client limits: the address Express derives (trust-proxy aware). Never stored. */
export const clientOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown'
