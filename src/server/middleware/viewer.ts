import type { NextFunction, Request, Response } from 'express'
import { GUEST } from '../../core/viewer.js'

/**
 * Decide who is asking. Until accounts exist (sign-in arrives with the accounts work) there is
 * no way to be anything but a guest, so every request is served as one: drafts stay hidden.
 */
export function resolveViewer(_req: Request, res: Response, next: NextFunction): void {
  res.locals.viewer = GUEST
  next()
}
