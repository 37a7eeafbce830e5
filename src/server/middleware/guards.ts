import type { NextFunction, Request, Response } from 'express'
import { requireAdmin, requireSignedIn } from '../../core/viewer.js'
import { viewerOf } from '../http.js'

/**
 * Route guards, placed before validation so an outsider learns nothing about a call's input.
 * tests/integration/route-guards.test.ts walks the app's route table: a route that is neither
 * guarded nor on its list of public routes fails it.
 */
export function adminOnly(_req: Request, res: Response, next: NextFunction): void {
  requireAdmin(viewerOf(res))
  next()
}

export function signedInOnly(_req: Request, res: Response, next: NextFunction): void {
  requireSignedIn(viewerOf(res))
  next()
}
