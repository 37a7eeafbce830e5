import helmet from 'helmet'
import type { NextFunction, Request, Response } from 'express'
import { THEME_SCRIPT_HASH } from '../ssr/theme-script.js'

/**
 * Security headers for every answer, the cached pages included. The CSP allows one inline
 * script, the theme's, by its hash (ssr/theme-script.ts); the page state travels as a JSON data
 * block, which is not executed. Inline styles
 * stay allowed because KaTeX positions glyphs with style attributes.
 */
export function securityHeaders() {
  const headers = securityHeaderList()
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value)
    next()
  }
}

/** The headers themselves, for the listening server's path that answers before Express. */
export function securityHeaderList(): [string, string][] {
  return fixedHeadersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_SCRIPT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Essays may show images hosted elsewhere; data: URIs come from KaTeX and SVG icons.
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Banners and feeds are meant to be shown by feed readers and other sites.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  )
}

/**
 * helmet's headers never depend on the request (no nonces here), so they are worked out once
 * and copied onto each answer: this runs before the cached-page fast path, on every request.
 */
function fixedHeadersOf(
  middleware: (req: Request, res: Response, next: (err?: unknown) => void) => void,
): [string, string][] {
  const headers: [string, string][] = []
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
  }
  middleware({} as Request, recorder as unknown as Response, () => {})
  return headers
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A state-changing request must come from the site itself. Browsers send Origin with every
 * such request (and Sec-Fetch-Site); a request naming another origin is refused, so a page
 * elsewhere can't act with a signed-in owner's cookie. Scripts and the CLI send neither.
 *
 * The site's origin is the configured base URL, or the address the request was sent to when
 * that is a loopback name (a local install opened at http://127.0.0.1:port). Any other Host is
 * not trusted to name the site (issue 21): a DNS-rebinding page at http://evil.example:4321,
 * pointed at 127.0.0.1, sends Origin and Host both naming evil.example, and must not be able
 * to create the first admin of a fresh install. Behind a trusted proxy (BLOG_TRUST_PROXY)
 * Express reads the host and protocol from X-Forwarded-Host/-Proto, otherwise never.
 */
export function sameOriginWrites(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.headers.origin
    const fetchSite = req.headers['sec-fetch-site']
    const allowed =
      origin === undefined
        ? fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none'
        : origin === publicOrigin || (origin === `${req.protocol}://${req.host}` && isLoopbackHost(req.host))
    if (allowed) return next()
    res.status(403).json({ message: 'This request came from another site and was refused.' })
  }
}

/** `localhost`, 127.0.0.0/8 or [::1], with or without a port: names no outside DNS can point elsewhere. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return false
  }
  // The URL parser has already normalised 127.1, 0x7f.0.0.1 and the like to dotted decimal.
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}
