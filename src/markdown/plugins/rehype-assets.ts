import type { Element, ElementContent, Parents, Root } from 'hast'
import type { VFile } from 'vfile'
import type { EssayAsset } from '../../shared/schemas/index.js'
import {
  assetExtOf,
  assetFileOfUrl,
  hasWebpVariants,
  isRemoteReference,
  parseAssetFileName,
  variantsFor,
} from '../../media/asset-types.js'
import { contextOf, documentOf, warn } from '../essay-file-data.js'
import { missingAssetMessage } from './missing-asset.js'

/** The essay column: 70ch of the text serif, about 42rem; the full width of a phone. */
export const FIGURE_SIZES = '(min-width: 48rem) 42rem, 100vw'

const isLocal = (ref: string): boolean => !isRemoteReference(ref)

type Resolve = (ref: string) => EssayAsset | null

/**
 * Points every local file an essay refers to at its stored copy in the site's media (images,
 * video and audio sources and posters, links to PDFs and other media files), as the render's
 * context resolves them, and records each in the essay document. Images get their intrinsic
 * width and height (no layout shift), lazy loading and — PNG and JPEG — a `<picture>` offering
 * WebP variants by width. A file that could not be found becomes a visible placeholder with its
 * alt text and a warning, never a broken image. Web addresses stay as written.
 *
 * Runs after the sanitizer: the elements and attributes added here are generated from stored
 * facts (hashes, numbers), never from what the author wrote, apart from the alt text, which
 * only ever becomes text.
 */
export default function rehypeAssets() {
  return (tree: Root, file: VFile): undefined => {
    const resolve = contextOf(file).resolveAsset
    walk(tree, resolve ? memo(resolve, file) : null, file)
  }
}

function memo(resolve: Resolve, file: VFile): Resolve {
  const assets = documentOf(file).assets
  return (ref) => {
    const asset = Object.hasOwn(assets, ref) ? assets[ref] : resolve(ref)
    if (asset) assets[ref] = asset
    return asset
  }
}

function walk(parent: Parents, resolve: Resolve | null, file: VFile): void {
  for (let i = 0; i < parent.children.length; i++) {
    const node = parent.children[i]
    if (node.type !== 'element') continue
    const replacement = visitElement(node, parent, resolve, file)
    if (replacement) {
      parent.children[i] = replacement
      continue
    }
    if (node.tagName !== 'picture') walk(node, resolve, file)
  }
}

/** Handles one element; answers what replaces it, if anything. */
function visitElement(node: Element, parent: Parents, resolve: Resolve | null, file: VFile): ElementContent | null {
  const props = node.properties
  switch (node.tagName) {
    case 'img':
      return image(node, parent, resolve, file)
    case 'video':
    case 'audio': {
      if (typeof props.poster === 'string' && resolve && isLocal(props.poster)) {
        const poster = resolve(props.poster)
        if (poster) props.poster = poster.url
        else {
          warn(file, 'missing-asset', missingAssetMessage('Figure', props.poster))
          delete props.poster
        }
      }
      if (typeof props.src === 'string' && resolve && isLocal(props.src)) {
        const media = resolve(props.src)
        if (!media) return missingMedia(node, props.src, file)
        props.src = media.url
      }
      props.preload ??= 'metadata'
      // Without script or autoplay (the sanitizer allows neither), a player needs its controls.
      props.controls ??= true
      return null
    }
    case 'source':
      if (typeof props.src === 'string' && resolve && isLocal(props.src)) {
        const media = resolve(props.src)
        if (media) props.src = media.url
        else warn(file, 'missing-asset', missingAssetMessage('File', props.src))
      }
      return null
    case 'a': {
      const href = props.href
      // Only links to media files (a PDF beside the essay): links to pages are another matter.
      if (typeof href === 'string' && resolve && isLocal(href) && assetExtOf(href.split(/[?#]/)[0])) {
        const asset = resolve(href)
        if (asset) props.href = asset.url
        else {
          warn(file, 'missing-asset', missingAssetMessage('File', href))
          delete props.href
        }
      }
      return null
    }
    default:
      return null
  }
}

function image(node: Element, parent: Parents, resolve: Resolve | null, file: VFile): ElementContent | null {
  const props = node.properties
  const src = typeof props.src === 'string' ? props.src : ''
  props.loading ??= 'lazy'
  props.decoding ??= 'async'
  if (!resolve || !isLocal(src)) return null
  const asset = resolve(src)
  if (!asset) {
    warn(file, 'missing-asset', missingAssetMessage('Figure', src))
    return missingImage(node, parent)
  }
  props.src = asset.url
  sizeImage(props, asset)
  const variants = webpVariants(asset)
  if (!variants || (parent.type === 'element' && parent.tagName === 'picture')) return null
  return h('picture', {}, [h('source', { type: 'image/webp', srcSet: variants, sizes: FIGURE_SIZES }, []), node])
}

/** Intrinsic size, or the author's width with the height that keeps the picture's proportions. */
function sizeImage(props: Element['properties'], asset: EssayAsset): void {
  if (!asset.width || !asset.height) return
  const width = Number(props.width)
  const height = Number(props.height)
  if (width > 0 && height > 0) return
  if (width > 0) props.height = Math.round((width * asset.height) / asset.width)
  else if (height > 0) props.width = Math.round((height * asset.width) / asset.height)
  else {
    props.width = asset.width
    props.height = asset.height
  }
}

function webpVariants(asset: EssayAsset): string | null {
  const file = assetFileOfUrl(asset.url)
  const parsed = file ? parseAssetFileName(file) : null
  if (!parsed || !asset.width || !hasWebpVariants(asset.mime)) return null
  return variantsFor(parsed.hash, asset.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ')
}

const NOT_AVAILABLE = 'Figure not available'

/**
 * What stands for an image whose file was not found: inside a figure, a note in its place (the
 * figure keeps its caption); alone in a paragraph, a figure of its own with the alt text as
 * caption; in a line of text, a short inline note.
 */
function missingImage(node: Element, parent: Parents): ElementContent {
  const alt = typeof node.properties.alt === 'string' ? node.properties.alt.trim() : ''
  const note = h('span', { className: ['figure-missing-note'] }, [{ type: 'text', value: NOT_AVAILABLE }])
  if (parent.type === 'element' && parent.tagName === 'figure') {
    parent.properties.className = [...classes(parent), 'figure-missing']
    const hasCaption = parent.children.some((c) => c.type === 'element' && c.tagName === 'figcaption')
    if (hasCaption || !alt) return note
    return h('span', {}, [note, h('span', { className: ['figure-missing-alt'] }, [{ type: 'text', value: alt }])])
  }
  const text = alt ? `${NOT_AVAILABLE}: ${alt}` : NOT_AVAILABLE
  return h('span', { className: ['figure-missing'], role: 'img', ariaLabel: text }, [
    { type: 'text', value: `[${text}]` },
  ])
}

function missingMedia(node: Element, src: string, file: VFile): ElementContent {
  warn(file, 'missing-asset', missingAssetMessage('File', src))
  const what = node.tagName === 'video' ? 'Video' : 'Audio'
  return h('span', { className: ['figure-missing'] }, [{ type: 'text', value: `[${what} not available]` }])
}

/** The classes an element carries, whether hast holds them as a list or as one string. */
export function classes(node: Element): string[] {
  const c: unknown = node.properties.className
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : []
}

function h(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}
