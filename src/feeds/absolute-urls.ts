/** A start tag; a quoted value may hold `>`. Text never holds a bare `<` (the serializer escapes it). */
const TAG = /<[a-zA-Z](?:[^>"]|"[^"]*")*>/g
const ATTRIBUTE = /\s(href|src|poster)="([^"]*)"/g
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i

/**
 * The post's HTML with every link and image address made absolute. A feed reader shows the
 * content away from the site, where `/media/x.png` or `#fn-1` would point nowhere (or at the
 * reader's own host). `html` is the pipeline's own output (rehype-stringify): attributes are
 * always double-quoted and text is escaped, so only real tags are touched, never an essay's
 * code sample that shows `href="/x"`. Values stay HTML-escaped, which prefixing does not disturb.
 */
export function absolutizeHtml(html: string, pageUrl: string, baseUrl: string): string {
  return html.replace(TAG, (tag) =>
    tag.replace(ATTRIBUTE, (whole, name: string, value: string) => {
      const url = absoluteUrl(value, pageUrl, baseUrl)
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
