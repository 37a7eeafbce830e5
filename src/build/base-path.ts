import { BlogError } from '../core/errors.js'

/**
 * `--base`: '' for a site at the host's root, else the sub-path with a leading slash and no
 * trailing one ('/blog'). Plain path segments only; it goes into every address of the build.
 */
export function normalizeBase(input: string | undefined): string {
  if (input === undefined) return ''
  const path = `/${input.trim()}`.replace(/\/{2,}/g, '/').replace(/\/$/, '')
  const segments = path.split('/').slice(1)
  if (segments.some((s) => !/^[A-Za-z0-9._~-]+$/.test(s) || s === '.' || s === '..')) {
    throw new BlogError(
      'VALIDATION',
      `--base must be a plain path such as /blog, not "${input}".`,
      'Use letters, digits, ".", "_", "~" and "-" between the slashes.',
    )
  }
  return path
}

/**
 * The site's public address and sub-path from `--base-url` and `--base`. Either may carry the
 * sub-path: `--base-url https://host --base /blog` and `--base-url https://host/blog` both give
 * https://host/blog; a `--base` that disagrees with the address's own path is refused.
 */
export function resolvePublicAddress(baseUrl: string, baseFlag: string | undefined): { siteUrl: string; base: string } {
  const url = new URL(baseUrl)
  const urlPath = normalizeBase(decodeURI(url.pathname))
  if (baseFlag === undefined) return { siteUrl: `${url.origin}${urlPath}`, base: urlPath }
  const base = normalizeBase(baseFlag)
  if (urlPath === '' || urlPath === base) return { siteUrl: `${url.origin}${base}`, base }
  throw new BlogError(
    'VALIDATION',
    `--base ${base || '/'} does not match the path of the site's address ${baseUrl}.`,
    `Give the address without a path (--base-url ${url.origin}) or the same path in both.`,
  )
}

/** A root-relative address under the base: '/media/x.png' → '/blog/media/x.png'. Anything else as it is. */
export function withBase(url: string, base: string): string {
  return base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url
}

/** Elements whose content is text, never markup to rewrite: code samples, scripts (data blocks too), styles. */
const VERBATIM = /<(pre|code|script|style|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
/** A start tag; quoted values may hold '>'. */
const TAG = /<[a-zA-Z][\w:-]*(?:[^>"']|"[^"]*"|'[^']*')*>/g
const ADDRESS_ATTRIBUTE = /(\s)(href|src|action|poster|srcset|xlink:href|content)=("([^"]*)"|'([^']*)')/gi
/** <meta> elements whose content is an address: og:image, og:url, twitter:image… */
const URL_META =
  /\s(?:property|name)=["'](?:og:(?:url|image|image:url|image:secure_url|audio|video)|twitter:(?:image|url))["']/i
const REFRESH_META = /\shttp-equiv=["']refresh["']/i

function rewriteTag(tag: string, base: string): string {
  return tag.replace(
    ADDRESS_ATTRIBUTE,
    (whole, space: string, name: string, _quoted: string, dq?: string, sq?: string) => {
      const value = dq ?? sq ?? ''
      const quote = dq !== undefined ? '"' : "'"
      let next: string
      switch (name.toLowerCase()) {
        case 'srcset':
          next = value
            .split(',')
            .map((candidate) =>
              candidate.replace(/^(\s*)(\S+)/, (_m, lead: string, url: string) => `${lead}${withBase(url, base)}`),
            )
            .join(',')
          break
        case 'content':
          if (REFRESH_META.test(tag))
            next = value.replace(/(url=)(\S+)/i, (_m, key: string, url: string) => `${key}${withBase(url, base)}`)
          else next = URL_META.test(tag) ? withBase(value, base) : value
          break
        default:
          next = withBase(value, base)
      }
      return next === value ? whole : `${space}${name}=${quote}${next}${quote}`
    },
  )
}

/**
 * The HTML with every root-relative address in an attribute moved under `base`: links,
 * images, scripts, stylesheets, forms, srcset candidates, address-valued <meta> and a meta
 * refresh; and the `url()`s of a <style> (the page's inlined styles name fonts under /assets/).
 * Text stays as it is, and so does everything inside <pre>, <code>, <script> and <textarea>:
 * an essay's code sample that shows `href="/x"` is not a link.
 */
export function htmlWithBase(html: string, base: string): string {
  if (!base) return html
  let out = ''
  let last = 0
  for (const m of html.matchAll(VERBATIM)) {
    out += rewriteTags(html.slice(last, m.index), base)
    // the element's own start tag is still a tag (a <code class> has no address, a <script src> has)
    const open = /^<[^>]*>/.exec(m[0])![0]
    const content = m[0].slice(open.length)
    out += rewriteTag(open, base) + (m[1]!.toLowerCase() === 'style' ? cssWithBase(content, base) : content)
    last = m.index + m[0].length
  }
  return out + rewriteTags(html.slice(last), base)
}

const rewriteTags = (html: string, base: string) => html.replace(TAG, (tag) => rewriteTag(tag, base))

/** CSS with its root-relative `url()`s under `base`. */
function cssWithBase(css: string, base: string): string {
  return css.replace(/url\(\s*(['"]?)(\/[^'")\s]*)\1\s*\)/g, (whole, quote: string, url: string) => {
    const next = withBase(url, base)
    return next === url ? whole : `url(${quote}${next}${quote})`
  })
}
