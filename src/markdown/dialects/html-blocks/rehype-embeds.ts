import type { Element, ElementContent, Parents, Root } from 'hast'
import type { VFile } from 'vfile'
import { ASSET_TYPES, assetExtOf, isRemoteReference } from '../../../media/asset-types.js'
import { contextOf, warn } from '../../essay-file-data.js'
import { textOf } from '../../plugins/hast-math.js'
import { classes } from '../../plugins/rehype-assets.js'
import { DISTILL_LAYOUTS } from '../../plugins/sanitize-schema.js'

const WEB = /^(?:https?:)?\/\//i

/**
 * An `<iframe>` an essay embeds (al-folio posts place their interactive plots so:
 * `<iframe src="{{ 'assets/html/post/plot.html' | relative_url }}">`, others a YouTube video)
 * is not run here: the sanitizer removes frames, since a page the author wrote would run its
 * scripts beside the reader's session. Before it does, each becomes a figure in the frame's
 * place, keeping its distill layout, with a link to what it showed: a page of the author's site
 * on the site's published address, another site's page as written (a YouTube player as its
 * video's page). A page of the site whose address is not known is a "not available" box and a
 * warning, as a missing image is. An `<object>` showing a picture becomes that picture (drawing).
 * Runs before the sanitizer, which sees only figures, links and images.
 */
export default function rehypeEmbeds() {
  return (tree: Root, file: VFile): undefined => {
    walk(tree, contextOf(file).publishedLink, file)
  }
}

type Published = ((href: string) => string | null) | undefined

function walk(parent: Parents, published: Published, file: VFile): void {
  const children = parent.children as ElementContent[]
  for (let i = 0; i < children.length; i++) {
    const node = children[i]
    if (node.type !== 'element') continue
    // A frame alone on its line is a paragraph of its own to markdown: the figure takes its place.
    const only = node.tagName === 'p' ? soleFrame(node) : null
    const image = node.tagName === 'object' || node.tagName === 'embed' ? drawing(node) : null
    if (image) {
      children[i] = image
      continue
    }
    if (node.tagName !== 'iframe' && !only) {
      walk(node, published, file)
      continue
    }
    const figure = embedFigure(only ?? node, published, file)
    // In a line of text, the link alone.
    const replacement = figure && isElement(parent, 'p') ? figure.children[0] : figure
    if (replacement) children[i] = replacement
    else children.splice(i--, 1)
  }
}

/**
 * An `<object data="plot.svg" type="image/svg+xml">` (or `<embed src>`) showing a picture, as an
 * image: the same drawing without its scripts, found and stored as any figure is (rehype-assets).
 * Its fallback content, if any, is the alt text. Anything else an object holds is left to the
 * sanitizer, which removes it.
 */
function drawing(node: Element): Element | null {
  const ref = node.tagName === 'object' ? node.properties.data : node.properties.src
  if (typeof ref !== 'string' || !ref.trim()) return null
  const type = typeof node.properties.type === 'string' ? node.properties.type : ''
  const ext = assetExtOf(ref.trim().split(/[?#]/)[0])
  if (!(type ? /^image\//i.test(type) : ext !== null && ASSET_TYPES[ext].startsWith('image/'))) return null
  const { width, height } = node.properties
  return h('img', { src: ref.trim(), alt: textOf(node).trim().replace(/\s+/g, ' '), width, height }, [])
}

function soleFrame(p: Element): Element | null {
  const frames = p.children.filter((c) => c.type === 'element')
  const [frame] = frames
  if (frames.length !== 1 || frame.type !== 'element' || frame.tagName !== 'iframe') return null
  return p.children.every((c) => c === frame || isBlank(c)) ? frame : null
}

const isElement = (node: Parents, tagName: string): node is Element =>
  node.type === 'element' && node.tagName === tagName
const isBlank = (node: ElementContent): boolean => node.type === 'text' && node.value.trim() === ''

function embedFigure(node: Element, published: Published, file: VFile): Element | null {
  const src = typeof node.properties.src === 'string' ? node.properties.src.trim() : ''
  if (!src || src.startsWith('#') || /^(?:javascript|data|about):/i.test(src)) return null
  const layout = classes(node).filter((c) => DISTILL_LAYOUTS.test(c))
  if (WEB.test(src)) {
    const url = safeUrl(src.startsWith('//') ? `https:${src}` : src)
    if (!url) return null
    const video = youTubeVideo(url)
    const label = `${video ? 'Watch the video' : 'Open the embedded page'} on ${url.hostname}`
    return figure(['figure-embed', ...layout], link(video ?? url.href, label))
  }
  const address = isRemoteReference(src) ? null : (published?.(src) ?? null)
  if (!address) {
    warn(file, 'embedded-page', `Interactive figure not shown: ${src} (a page embedded in the essay is not run here)`)
    return figure(
      ['figure-missing', ...layout],
      h('span', { className: ['figure-missing-note'] }, [text('Interactive figure not available')]),
    )
  }
  warn(
    file,
    'embedded-page',
    `Interactive figure shown as a link to ${address} (a page embedded in the essay is not run here)`,
  )
  const host = safeUrl(address)?.hostname
  return figure(['figure-embed', ...layout], link(address, `Open the interactive figure${host ? ` on ${host}` : ''}`))
}

/** The page of a YouTube player's video (`/embed/ID` → `watch?v=ID`), or null for anything else. */
function youTubeVideo(url: URL): string | null {
  if (!/(?:^|\.)youtube(?:-nocookie)?\.com$/i.test(url.hostname)) return null
  const id = /^\/embed\/([\w-]{6,20})$/.exec(url.pathname)?.[1]
  return id ? `https://www.youtube.com/watch?v=${id}` : null
}

function safeUrl(href: string): URL | null {
  try {
    const url = new URL(href)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

const figure = (className: string[], child: ElementContent): Element => h('figure', { className }, [child])
const link = (href: string, value: string): Element => h('a', { href }, [text(value)])
const text = (value: string): ElementContent => ({ type: 'text', value })

function h(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}
