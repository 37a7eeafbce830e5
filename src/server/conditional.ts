import type { Request } from 'express'

/**
 * RFC 9110 §13.1: may this GET/HEAD be answered 304? If-None-Match (a list, weak comparison,
 * or `*`) wins; If-Modified-Since counts only without it, at one-second resolution.
 *
 * Express's `req.fresh` is not used: it answers "stale" whenever the request says
 * `Cache-Control: no-cache`, and fetch() adds exactly that to every request that carries a
 * validator, so no fetch-based client (or service worker) would ever get a 304.
 */
export function notModified(req: Request, etag: string, lastModified?: Date): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const noneMatch = req.headers['if-none-match']
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '')
  if (!lastModified || Number.isNaN(since)) return false
  return Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}
