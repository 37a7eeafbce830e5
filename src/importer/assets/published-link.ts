import { posix, relative, sep } from 'node:path'
import { assetExtOf, isRemoteReference } from '../../media/asset-types.js'
import { safeDecode } from '../../xref/index.js'
import { postAddresses } from '../files/post-address.js'
import { siteAddressOf, type PublishingTool, type SiteAddress, type SitePermalinks } from '../files/site-address.js'
import type { EssayInput } from '../parse/index.js'

/** Source files a site's tool turns into pages. */
const DOCUMENT = /\.(?:md|markdown|qmd|rmd|ipynb)$/i

/**
 * Where a link written in an essay leads on the author's published site, for links to pages of
 * it that are not imported here (Hugo's `/randpic/`, Jekyll's `/cv/`, Quarto's
 * `../projects/index.qmd`): the absolute address on the site's own address (site-address.ts),
 * with the source path turned into the published one as the site's tool does; a file the site
 * serves as it is (`/post_doc/talk.ppt` from Hugo's `static/`) keeps its path. Null for a
 * figure or media file (copied into this site instead), an anchor, another site's address, or
 * what the site's tool gives no address from the path alone.
 */
export function publishedLinkFor(
  essayPath: string,
  root: string,
  address: SiteAddress,
  /** The essay's own address from the site's root, when its front matter or permalinks make it (post-address.ts). */
  ownPath?: string,
): (href: string) => string | null {
  const source = relative(root, essayPath).split(sep).join('/')
  const page = ownPath ?? publishedPath(address.tool, source)
  return (href) => {
    const written = href.trim()
    // The site's own full address (`http://karpathy.github.io/2014/…`) is a page of it like `/2014/…`.
    if (onSiteAt(address.base, written)) return new URL(written).href
    if (isRemoteReference(written) || written.startsWith('?')) return null
    const [, path, rest] = /^([^?#]*)(.*)$/s.exec(written) ?? ['', '', '']
    // Figures and media files are copied into this site's media (rehype-assets.ts), never linked away.
    if (path === '' || assetExtOf(path)) return null
    let sitePath: string | null
    if (path.startsWith('/')) {
      const fromRoot = safeDecode(path).replace(/^\/+/, '')
      sitePath = !DOCUMENT.test(path)
        ? path
        : publishedPath(address.tool, address.tool === 'hugo' ? `content/${fromRoot}` : fromRoot)
    } else if (DOCUMENT.test(path)) {
      const target = posix.normalize(posix.join(posix.dirname(source), safeDecode(path)))
      sitePath = target.startsWith('../') ? null : publishedPath(address.tool, target)
    } else sitePath = page === null ? null : new URL(path, `http://site${page}`).pathname
    return sitePath === null ? null : onSite(address.base, sitePath) + rest
  }
}

/**
 * The address (from the site's root, starting with `/`) a tool publishes a source file at, by
 * its path from the site's root; null where it cannot be told from the path alone (a Jekyll
 * post's permalink, a Hugo file outside `content/`).
 */
export function publishedPath(tool: PublishingTool, source: string): string | null {
  const name = source.replace(DOCUMENT, '')
  switch (tool) {
    case 'hugo': {
      // content/post/x.md and content/post/x/index.md are /post/x/; Hugo lower-cases paths.
      if (!name.startsWith('content/')) return null
      const path = name.slice('content/'.length).replace(/(?:^|\/)_?index$/i, '')
      return `/${path ? path.toLowerCase() + '/' : ''}`
    }
    case 'jekyll':
      // Posts and other underscored folders are published by permalink, not by path.
      return source.startsWith('_') ? null : `/${DOCUMENT.test(source) ? name + '.html' : source}`
    case 'myst': {
      // mystmd names each page by its file's name, folders apart.
      const slug = posix
        .basename(name)
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
      return slug === 'index' ? '/' : `/${slug}`
    }
    default:
      // Quarto, bookdown and Jupyter Book publish each document as `.html` beside where it was.
      return `/${DOCUMENT.test(source) ? name + '.html' : source}`
  }
}

/**
 * `path` on the site at `base`: under the site's own folder (`/blog/` of `https://x.github.io/blog/`)
 * unless it already names it, as `{{ site.baseurl }}/cv/` does.
 */
function onSite(base: URL, path: string): string {
  const prefix = base.pathname
  const inside = prefix === '/' || `${path}/`.startsWith(prefix) ? path : prefix + path.replace(/^\/+/, '')
  return new URL(inside, base.origin).href
}

/** Whether `href` is a full address inside the site at `base`, by either scheme and with or without `www.`. */
function onSiteAt(base: URL, href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false
  try {
    const url = new URL(href)
    const host = (h: string) => h.replace(/^www\./, '')
    return host(url.host) === host(base.host) && `${url.pathname}/`.startsWith(base.pathname)
  } catch {
    return false
  }
}

/**
 * The path from the site's root (its folder on the host left out: `/2019/03/01/foo/` of
 * `/blog/2019/03/01/foo/`) that a link to a page of the author's site names, for the
 * cross-post resolver (src/xref) to find the post published there: a path from the host's root,
 * the site's full address, or a path relative to the essay's own address (`../foo/`). Null for
 * an anchor, a figure or other file, another site, or a relative link when the essay's own
 * address is unknown.
 */
export function sitePathFor(
  site: SitePermalinks,
  base: URL | null,
  ownPath: string | null,
): (href: string) => string | null {
  const folder = site.basePath
  const origin = 'http://site.invalid'
  return (href) => {
    const written = href.trim()
    let url: URL
    try {
      if (base && onSiteAt(base, written)) url = new URL(written)
      else if (/^[a-z][a-z0-9+.-]*:|^\/\/|^[#?]/i.test(written) || written === '') return null
      else if (written.startsWith('/')) url = new URL(written, origin)
      else if (ownPath === null) return null
      else url = new URL(written, origin + onFolder(folder, ownPath))
    } catch {
      return null
    }
    const path = url.pathname
    if (assetExtOf(path) || DOCUMENT.test(path)) return null
    const inside = folder !== '/' && `${path}/`.startsWith(folder) ? path.slice(folder.length - 1) || '/' : path
    return inside === '/' ? null : inside
  }
}

/** A path from the site's root as a path from the host's root. */
function onFolder(folder: string, path: string): string {
  return folder === '/' ? path : folder + path.replace(/^\/+/, '')
}

/**
 * The render's `publishedLink` for an essay of a site whose configuration gives its address, and
 * for a Jekyll or Hugo site its `sitePath` and the essay's own addresses (its permalink, Hugo's
 * `url`, `slug`, aliases), with the configuration files read (a change to them imports the essay
 * again) and what was wrong in them or in the front matter (ignored, with a warning). Null for an
 * essay of no such site.
 */
export function siteLinksFor(
  essay: Pick<EssayInput, 'path' | 'root'>,
  frontmatter: Readonly<Record<string, unknown>> = {},
): SiteLinks | null {
  if (!essay.root) return null
  const { address, permalinks, files, warnings } = siteAddressOf(essay.root)
  if (files.length === 0) return null
  // Only a configuration that gave an address, permalinks (or a warning) makes its pages depend on it: a
  // book's `_bookdown.yml` or `index.Rmd` changed for another reason must not import every chapter again.
  const depends =
    address !== null ||
    warnings.length > 0 ||
    (permalinks !== undefined &&
      (permalinks.basePath !== '/' || !!permalinks.permalink || !!permalinks.sections || !!permalinks.documents))
  const own = permalinks
    ? postAddresses(permalinks, relative(essay.root, essay.path).split(sep).join('/'), frontmatter)
    : { paths: [], warnings: [] }
  const ownPath = own.paths[0]
  return {
    publishedLink: address ? publishedLinkFor(essay.path, essay.root, address, ownPath) : null,
    sitePath: permalinks ? sitePathFor(permalinks, address?.base ?? null, ownPath ?? null) : null,
    addresses: own.paths,
    files: depends ? files : [],
    warnings: [...warnings, ...own.warnings],
  }
}

/** What an essay's site tells about its links: see siteLinksFor. */
export interface SiteLinks {
  /** The render's `publishedLink`; null when the site's address is not known. */
  publishedLink: ((href: string) => string | null) | null
  /** The render's `sitePath`, for a Jekyll or Hugo site. */
  sitePath: ((href: string) => string | null) | null
  /** The essay's own addresses, as paths from the site's root (post-address.ts). */
  addresses: string[]
  /** Configuration files read (a change to any of them imports the essay again). */
  files: string[]
  warnings: string[]
}
