import { defineLiquidTag, liquidArguments } from './index.js'

/**
 * `{% include figure.html path="assets/img/x.jpg" caption="…" %}` (al-folio and most Jekyll
 * themes; `figure.liquid` in newer al-folio): the theme's figure, as a markdown image the rest
 * of the pipeline handles like any other — stored in the site's media, sized, and shown as a
 * figure with its caption when it stands alone. `video.html`/`video.liquid` becomes a player.
 * The theme reads `path` against the site's root (`relative_url`), so a bare `assets/…` is
 * `/assets/…` here too. Other includes are the theme's own markup and are dropped.
 */
defineLiquidTag('include', (args) => {
  const name = /^\s*([\w./-]+)/.exec(args)?.[1].toLowerCase() ?? ''
  const params = liquidArguments(args)
  const path = params.get('path') ?? params.get('src') ?? params.get('url') ?? ''
  if (!path.trim()) return ''
  const url = siteUrl(path.trim())
  if (/^figure\.(html|liquid)$/.test(name)) {
    const caption = params.get('caption') ?? params.get('title') ?? params.get('alt') ?? ''
    const title = params.get('title')
    return `![${escapeLabel(caption)}](<${escapeDestination(url)}>${title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : ''})`
  }
  if (/^(video|audio)\.(html|liquid)$/.test(name)) {
    const tag = name.startsWith('video') ? 'video' : 'audio'
    return `<${tag} src="${escapeAttribute(url)}" controls></${tag}>`
  }
  return ''
})

function siteUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/')) return path
  return `/${path.replace(/^\.\//, '')}`
}

/**
 * The markdown image a figure include becomes (above), as found again where markdown is not
 * read: inside a raw HTML block (al-folio's `<div class="row"><div class="col-sm">` grids).
 * Jekyll expands Liquid before markdown, so there the theme's HTML figure stood.
 */
export const INCLUDED_FIGURE = /!\[((?:[^\\\]\n]|\\.)*)\]\(<([^<>\n]*)>(?: "((?:[^"\\\n]|\\.)*)")?\)/g

/** The HTML figure for one INCLUDED_FIGURE match: the picture, and its caption when it has one. */
export function includedFigureHtml(caption: string, url: string, title?: string): string {
  const text = caption.replace(/\\([\\[\]])/g, '$1')
  const alt = escapeAttribute(text.replace(/<[^>]*>/g, ''))
  const titled = title ? ` title="${escapeAttribute(title.replace(/\\(["\\])/g, '$1'))}"` : ''
  const img = `<img src="${escapeAttribute(url.replace(/%3C|%3E|%0A/gi, decodeURIComponent))}" alt="${alt}"${titled}>`
  return text.trim() ? `<figure>${img}<figcaption>${text}</figcaption></figure>` : `<figure>${img}</figure>`
}

const escapeLabel = (text: string): string => text.replace(/[\\[\]]/g, '\\$&').replace(/(?<!\s)\s*\n\s*/g, ' ')
const escapeDestination = (url: string): string => url.replace(/[<>\n]/g, encodeURIComponent)
const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
