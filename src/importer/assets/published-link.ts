import { posix, relative, sep } from 'node:path'
import { assetExtOf, isRemoteReference } from '../../media/asset-types.js'
import { safeDecode } from '../../xref/index.js'
import { siteAddressOf, type PublishingTool, type SiteAddress } from '../files/site-address.js'
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
): (href: string) => string | null {
  const source = relative(root, essayPath).split(sep).join('/')
  const page = publishedPath(address.tool, source)
  return (href) => {
    const written = href.trim()
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

/**
 * The render's `publishedLink` for an essay of a site whose configuration gives its address,
 * with the configuration files read (a change to them imports the essay again) and what was
 * wrong in them (an address that is no web address, ignored). Null for an essay of no such site.
 */
export function siteLinksFor(
  essay: Pick<EssayInput, 'path' | 'root'>,
): { publishedLink: ((href: string) => string | null) | null; files: string[]; warnings: string[] } | null {
  if (!essay.root) return null
  const { address, files, warnings } = siteAddressOf(essay.root)
  if (files.length === 0) return null
  // Only a configuration that gave an address (or a warning) makes its pages depend on it: a book's
  // `_bookdown.yml` or `index.Rmd` changed for another reason must not import every chapter again.
  const depends = address !== null || warnings.length > 0
  return {
    publishedLink: address ? publishedLinkFor(essay.path, essay.root, address) : null,
    files: depends ? files : [],
    warnings,
  }
}
