/** A start tag; a quoted value may hold `>`. Text never holds a bare `<` (the serializer escapes it). */
const TAG = /<[a-zA-Z](?:[^>"]|"[^"]*")*>/g
const ATTRIBUTE = /\s(href|src|poster|srcset)="([^"]*)"/g
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i
/** ASCII whitespace, as the HTML standard's srcset parser knows it. */
const SPACE = /[\t\n\f\r ]/

/**
 * The post's HTML with every link and image address made absolute. A feed reader shows the
 * content away from the site, where `/media/x.png` or `#fn-1` would point nowhere (or at the
 * reader's own host). `html` is the pipeline's own output (rehype-stringify): attributes are
 * always double-quoted and text is escaped, so only real tags are touched, never an essay's
 * code sample that shows `href="/x"`. Values stay HTML-escaped, which prefixing does not disturb.
 * A `srcset` (a figure's responsive WebP variants) is a list of candidates; each one's address
 * is made absolute.
 */
export function absolutizeHtml(html: string, pageUrl: string, baseUrl: string): string {
  return html.replace(TAG, (tag) =>
    tag.replace(ATTRIBUTE, (whole, name: string, value: string) => {
      const url = name === 'srcset' ? absoluteSrcset(value, pageUrl, baseUrl) : absoluteUrl(value, pageUrl, baseUrl)
      return url === value ? whole : ` ${name}="${url}"`
    }),
  )
}

/** One address made absolute: root-relative against the site's base URL (which may have a path), the rest against the page. */
export function absoluteUrl(value: string, pageUrl: string, baseUrl: string): string {
  const v = value.trim()
  if (v === '' || HAS_SCHEME.test(v)) return value
  if (v.startsWith('#')) return `${pageUrl}${v}`
  if (v.startsWith('/') && !v.startsWith('//')) return `${baseUrl}${v}`
  try {
    return new URL(v, pageUrl).href
  } catch {
    return value
  }
}

/**
 * A `srcset` with each candidate's address made absolute and everything else (descriptors such
 * as `640w` or `2x`, commas, spacing) kept as written. Candidates are read as the HTML standard
 * reads them, not split at every comma: an address is a run of non-space characters (a comma
 * inside it, as in `data:image/png;base64,…` or `/a,b.png`, belongs to it; commas at its end close
 * a candidate without descriptors), and its descriptors run to the next comma outside parentheses.
 */
export function absoluteSrcset(value: string, pageUrl: string, baseUrl: string): string {
  let out = ''
  let i = 0
  const n = value.length
  while (i < n) {
    // Space and commas between candidates.
    const gap = i
    while (i < n && (SPACE.test(value[i]!) || value[i] === ',')) i++
    out += value.slice(gap, i)
    if (i === n) break
    // The address: non-space characters, less any commas that end it.
    let end = i
    while (end < n && !SPACE.test(value[end]!)) end++
    let urlEnd = end
    while (value[urlEnd - 1] === ',') urlEnd--
    out += absoluteUrl(value.slice(i, urlEnd), pageUrl, baseUrl)
    i = urlEnd
    if (urlEnd < end) continue
    // The descriptors, up to the comma that ends the candidate.
    const descriptors = i
    let inParens = false
    while (i < n && (inParens || value[i] !== ',')) {
      if (value[i] === '(') inParens = true
      else if (value[i] === ')') inParens = false
      i++
    }
    out += value.slice(descriptors, i)
  }
  return out
}
