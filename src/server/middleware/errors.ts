import type { NextFunction, Request, Response } from 'express'
import { isBlogError, RateLimitError } from '../../core/errors.js'

const REPRESENTATION_HEADERS = [
  'Content-Encoding',
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'ETag',
  'Last-Modified',
]

/** One formatter for every failure: a BlogError keeps its status and message; anything else is a 500. */
export function errorHandler(log: (msg: string) => void) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    // Too late for an answer of our own: Express's handler ends the connection.
    if (res.headersSent) return next(err)
    // A handler may have described the body it meant to send before it failed (the compressed
    // copy of a script that a rebuild removed): the answer is this JSON, not that.
    for (const header of REPRESENTATION_HEADERS) res.removeHeader(header)
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
    if (status === 404) {
      // The static files' handler: a file that is not there (an old page asking for a script
      // the last build replaced).
      res.status(404).json({ message: `No such file: ${req.originalUrl.split('?')[0]}` })
      return
    }
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
