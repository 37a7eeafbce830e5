/**
 * Static mode: the page was written by `blog build` and is served by a static host, with no
 * API behind it. The page says so in a <meta> element (the site's CSP forbids inline scripts):
 *
 *   <meta name="scholia-static" content="/posts/x" data-base="/blog">
 *
 * `content` is the app path the HTML was rendered for ('' for 404.html, which answers for any
 * address), `data-base` the sub-path the site lives under. (Earlier builds had `data-version`,
 * a hash of the data files added to their addresses; a page now depends on its own data only,
 * so an unchanged page stays the same file from build to build, and the data files are
 * revalidated instead: web/static/static-api.ts.)
 */
export const STATIC_META_NAME = 'scholia-static'

/** Where the build puts the JSON the client reads instead of the API. */
export const STATIC_DATA_DIR = 'data'

export interface StaticSite {
  /** '' at the host's root, else the sub-path without a trailing slash ('/blog'). */
  base: string
  /** The app path the HTML was rendered for; '' when it was rendered for no address in particular. */
  renderedPath: string
  /** '' for pages of current builds (see STATIC_META_NAME). */
  version: string
}

export function readStaticSite(doc: Document): StaticSite | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${STATIC_META_NAME}"]`)
  if (!meta) return null
  return { base: meta.dataset.base ?? '', renderedPath: meta.content, version: meta.dataset.version ?? '' }
}

/** The address of one data file (`posts.json`, `posts/{slug}.json`). */
export function staticDataUrl(site: StaticSite, file: string): string {
  return `${site.base}/${STATIC_DATA_DIR}/${file}${site.version ? `?v=${site.version}` : ''}`
}

/** The address of a page's file for an app path: its folder, which the host answers with its index.html. */
export function staticPageUrl(site: StaticSite, appPath: string): string {
  return `${site.base}${appPath.replace(/\/+$/, '')}/`
}

/** The app's path for a browser pathname: the base taken off, a trailing slash dropped. */
export function appPathOf(pathname: string, base: string): string | null {
  let path = pathname
  if (base) {
    if (!(path.toLowerCase() + '/').startsWith(base.toLowerCase() + '/')) return null
    path = path.slice(base.length)
  }
  return path.replace(/\/+$/, '') || '/'
}

/**
 * Static hosts serve a page from its folder's index.html and send `/posts/x` on to `/posts/x/`.
 * The app's addresses have neither the slash nor the file name (as on the live site), so the
 * address is tidied before the router reads it; a reload still works, the host adds the slash
 * again. The site's root keeps its slash: `/blog/`.
 */
export function tidyAddress(site: StaticSite, loc: Location, history: History): void {
  const { pathname } = loc
  const path = pathname.replace(/\/index\.html$/i, '/').replace(/\/+$/, '') || '/'
  const tidy = site.base && path.toLowerCase() === site.base.toLowerCase() ? `${path}/` : path
  if (tidy !== pathname) history.replaceState(history.state, '', `${tidy}${loc.search}${loc.hash}`)
}

/**
 * Whether the page's markup is what the app renders here, so it can be hydrated. Not when the
 * host answered with another page's file: 404.html for any missing address, or index.html for
 * `/?page=2` and `/search?q=…` (static hosts ignore query strings). The app then renders
 * afresh in the browser, from the data the page carries and the data files.
 */
export function canHydrate(site: StaticSite, loc: Pick<Location, 'pathname' | 'search'>): boolean {
  return loc.search === '' && site.renderedPath !== '' && appPathOf(loc.pathname, site.base) === site.renderedPath
}
