import type { NextFunction, Request, Response } from 'express'
import { isBlogError } from '../../core/errors.js'

/** One formatter for every failure: a BlogError keeps its status and message; anything else is a 500. */
export function errorHandler(log: (msg: string) => void) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (isBlogError(err)) {
      res.status(err.status).json({ message: err.message })
      return
    }
    const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500) {
      // Body-parser and friends: malformed JSON, payload too large.
      res.status(status).json({ message: (err as Error).message || 'Bad request' })
      return
    }
    log(`${req.method} ${req.originalUrl}: ${(err as Error)?.stack ?? String(err)}`)
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' })
  }
}

export function apiNotFound(req: Request, res: Response): void {
  res.status(404).json({ message: `No API route for ${req.method} ${req.path}` })
}
