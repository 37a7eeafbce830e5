/**
 * Liquid output (`{{ … }}`) that names a site address: `{{ '/assets/x.png' | relative_url }}`,
 * `{{ "/assets/x.png" | absolute_url }}`, `{{ site.baseurl }}/assets/x.png`. Jekyll blogs write
 * every image and internal link this way (lilianweng.github.io: all 501 figures); the string is
 * the site path, which the import resolves like any other. Returns null for any other output,
 * which is left to the page-variable filling.
 */
export function liquidOutput(inner: string): string | null {
  const m = /^\s*(?:"([^"]*)"|'([^']*)')\s*((?:\|\s*[\w]+(?:\s*:\s*(?:"[^"]*"|'[^']*'|[\w.]+))?\s*)+)$/.exec(inner)
  if (m) {
    const filters = [...m[3].matchAll(/\|\s*(\w+)/g)].map((f) => f[1])
    if (!filters.every((f) => SITE_FILTERS.has(f))) return null
    const path = m[1] ?? m[2]
    // Jekyll's URL filters read a path against the site's root: `'assets/x.png' | relative_url` is `/assets/x.png`.
    const fromRoot = filters.some((f) => f === 'relative_url' || f === 'absolute_url')
    return fromRoot && path !== '' && !/^(?:[/#?]|[a-z][\w+.-]*:)/i.test(path) ? `/${path}` : path
  }
  // The site's base address: the essay's paths are already relative to the site's root.
  return /^\s*site\.(?:baseurl|url)\s*$/.test(inner) ? '' : null
}

/** Filters that turn a site path into the same address elsewhere (or leave it as it is). */
const SITE_FILTERS = new Set(['relative_url', 'absolute_url', 'prepend', 'uri_escape', 'url_encode', 'strip'])
