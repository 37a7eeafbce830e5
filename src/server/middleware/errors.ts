import type { NextFunction, Request, Response } from 'express'
import { isBlogError, RateLimitError } from '../../core/errors.js'

/** One formatter for every failure: a BlogError keeps its status and message; anything else is a 500. */
export function errorHandler(log: (msg: string) => void) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (isBlogError(err) && err.code.startsWith('STORE_')) {
      // The data folder's problems name its files by absolute path: for the owner's log, not for web clients.
      log(`${req.method} ${req.originalUrl}: ${err.message}${err.hint ? ` ${err.hint}` : ''}`)
      res.status(err.status).json({
        message:
          err.status === 503
            ? 'The site is busy saving other changes. Please try again in a moment.'
            : 'Something went wrong on our side. Please try again.',
      })
      return
    }
    if (isBlogError(err)) {
      if (err instanceof RateLimitError) res.setHeader('Retry-After', String(err.retryAfterSeconds))
      res.status(err.status).json({ message: err.message })
      return
    }
    const status =
      (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) {
      // Body-parser and friends. Their messages can quote the body (a password, say): never echo them.
      res.status(status).json({ message: bodyErrorMessage(err as { type?: string }, status) })
      return
    }
    log(`${req.method} ${req.originalUrl}: ${(err as Error)?.stack ?? String(err)}`)
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' })
  }
}

export function apiNotFound(req: Request, res: Response): void {
  res.status(404).json({ message: `No API route for ${req.method} ${req.path}` })
}

function bodyErrorMessage(err: { type?: string }, status: number): string {
  switch (err.type) {
    case 'entity.parse.failed':
      return 'The request body is not valid JSON.'
    case 'entity.too.large':
      return 'The request body is too large.'
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'The request body uses an unsupported encoding.'
    default:
      return status === 413 ? 'The request is too large.' : 'The request could not be read.'
  }
}
