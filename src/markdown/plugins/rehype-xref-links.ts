import type { Element, Nodes, Root } from 'hast'
import type { VFile } from 'vfile'
import { formatXref, type XrefTarget } from '../../xref/xref-target.js'
import { contextOf, documentOf } from '../essay-file-data.js'

/** What `{% post_url name %}` writes as a link's address, for this plugin to mark (see liquid/post-url.ts). */
export const POST_URL_SCHEME = 'xref-post:'

/**
 * Addresses of this site's own pages (SPEC §2 and the feeds): a link to one of them is already
 * right and is not another site's path.
 */
const OWN_ROUTES =
  /^\/(?:$|posts\/|post\/|api\/|media\/|og\/|(?:search|about|upload|manage|profile|admin-secret)\/?(?:[?#]|$)|(?:rss|atom|sitemap)\.xml|feed\.json|robots\.txt)/
/** Pages of a site (no extension, or one a page has); files such as `/assets/x.pdf` are not posts. */
const PAGE_PATH = /^[^.?#]*(?:\.(?:html?|md|markdown|qmd|ipynb))?\/?$/i
const MARKDOWN_FILE = /\.(?:md|markdown|qmd|ipynb)$/i
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/**
 * Marks links that point at another post by the essay's own means of addressing it, so that
 * they can be resolved when the post is read (src/xref): a site-root path (`/D/wish`), a
 * relative markdown file (`../chapter_x/y.md`) and Jekyll's `{% post_url %}`. Runs before the
 * sanitizer, which keeps `data-xref` on links; the address is left as written until then.
 *
 * When the essay's site has a known public address (the render context's `publishedLink`), a
 * link to a page of that site points there instead: a marked link whose post is not found
 * when the post is read then still leads to the author's own page, as does a relative link
 * to a page that is no post (`../cv/`). This site's own routes mean nothing to such an essay.
 */
export default function rehypeXrefLinks() {
  return (tree: Root, file: VFile): undefined => {
    const { publishedLink: published, sitePath } = contextOf(file)
    forEachLink(tree, (link) => {
      const href = link.properties.href
      if (typeof href !== 'string' || link.properties.dataXref !== undefined) return
      const written = xrefFor(href, { ownRoutes: !published })
      const target = siteTarget(written, href, sitePath)
      // Kept for a later render of the stored document, which has no site to read it from.
      if (target?.kind === 'site' && (written?.kind !== 'site' || written.path !== target.path))
        (documentOf(file).sitePaths ??= {})[href] = target.path
      const address = published && target?.kind !== 'post' && target?.kind !== 'label' ? published(href) : null
      if (address) {
        link.properties.href = address
        ;(documentOf(file).links ??= {})[href] = address
      }
      if (!target) return
      link.properties.dataXref = formatXref(target)
      // An address nothing but this plugin understands must not reach a reader unresolved; written
      // bare (Hugo's `{{< ref >}}` outside a link), it reads as the post's name, then its title.
      if (target.kind === 'post') {
        link.properties.href = '#'
        const only = link.children.length === 1 ? link.children[0] : null
        if (only?.type === 'text' && only.value === href) only.value = target.name
      }
    })
  }
}

/**
 * The cross-post reference an address stands for, or null when it is an ordinary link. With
 * `ownRoutes` (the default), a site-root path of this site's own (`/about/`, `/posts/x`) is
 * such an ordinary link; without, it is a path of the essay's own site like any other.
 */
export function xrefFor(href: string, { ownRoutes = true } = {}): XrefTarget | null {
  if (href.startsWith(POST_URL_SCHEME)) {
    const [name, fragment = ''] = splitFragment(href.slice(POST_URL_SCHEME.length))
    return name ? { kind: 'post', name, fragment } : null
  }
  if (href.startsWith('//') || href.startsWith('#') || href.startsWith('?') || HAS_SCHEME.test(href)) return null
  const [pathAndQuery, fragment = ''] = splitFragment(href)
  const path = pathAndQuery.replace(/\?.*$/, '')
  if (href.startsWith('/')) {
    if ((ownRoutes && OWN_ROUTES.test(href)) || !PAGE_PATH.test(path)) return null
    return { kind: 'site', path, fragment }
  }
  return MARKDOWN_FILE.test(path) ? { kind: 'file', path, fragment } : null
}

/**
 * A link to a page of the author's own site as the path from its root the site's tool publishes
 * pages at (`sitePath`: its `baseurl` left out, a relative `../foo/` read from the essay's own
 * address, the site's full address as a path), so that a post published there is found.
 */
function siteTarget(
  target: XrefTarget | null,
  href: string,
  sitePath: ((href: string) => string | null) | undefined,
): XrefTarget | null {
  if (!sitePath || (target !== null && target.kind !== 'site')) return target
  // A path from the root that is no other site's page (this site's `/about/`) stays what it was.
  if (target === null && href.startsWith('/')) return null
  const path = sitePath(href)
  if (path === null || !PAGE_PATH.test(path)) return target
  return { kind: 'site', path, fragment: splitFragment(href)[1] ?? '' }
}

function splitFragment(href: string): [string, string?] {
  const hash = href.indexOf('#')
  return hash < 0 ? [href] : [href.slice(0, hash), href.slice(hash + 1)]
}

function forEachLink(node: Nodes, fn: (link: Element) => void): void {
  if (node.type === 'element' && node.tagName === 'a') fn(node)
  if ('children' in node) for (const child of node.children) forEachLink(child, fn)
}
