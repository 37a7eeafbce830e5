import { POST_URL_SCHEME } from '../../plugins/rehype-xref-links.js'
import { liquidArguments } from '../../syntax/liquid/index.js'
import { addShortcodes, type ShortcodeHandler } from '../pandoc/shortcodes.js'

/**
 * Hugo's one-line shortcodes (https://gohugo.io/content-management/shortcodes/), added to the
 * shortcode table the preprocessor reads (dialects/pandoc/shortcodes.ts), so that each becomes
 * markdown where it stands, even inside a link (`[see]({{< ref "post.md" >}})`). Shortcodes with
 * content (`{{% callout %}}…{{% /callout %}}`, `katex`, `highlight`) are read from the tree
 * (remark-hugo.ts); any other is dropped there with a warning.
 */

/** `name="value with spaces"` arguments, or the positional ones, as Hugo takes them. */
function params(args: string[]): { named: Map<string, string>; positional: string[] } {
  const joined = args.join(' ')
  const named = liquidArguments(joined)
  const positional = named.size > 0 ? [] : args.map((a) => a.replace(/^(["'])(.*)\1$/, '$2'))
  return { named, positional }
}

const figure: ShortcodeHandler = (args) => {
  const { named } = params(args)
  const src = named.get('src') ?? ''
  if (!src.trim()) return { markdown: '' }
  // A formula in the caption: left for the tree (remark-hugo.ts), where it is read as markdown
  // with its math (an image's alt text here would show its TeX), in a paragraph of its own,
  // which is how the tree finds it again when figures stand on consecutive lines.
  if (/\\\(|\$/.test(named.get('caption') ?? '')) return { markdown: `\n\n{{< figure ${args.join(' ')} >}}\n\n` }
  const caption = hugoCaption(named.get('caption') ?? named.get('title') ?? named.get('alt') ?? '')
  const label = caption.replace(/[\\[\]]/g, '\\$&').replace(/\s*\n\s*/g, ' ')
  const image = `![${label}](<${src.trim().replace(/[<>\n]/g, encodeURIComponent)}>)`
  return { markdown: `${figureAnchor(named.get('id'))}${image}` }
}

/**
 * A figure's caption as Hugo shows it: markdown whose `\\(x\\)` is the site's MathJax formula
 * (markdown took one backslash), without the `> ` some authors open it with (a quote mark in a
 * figcaption, where a quote box is not what they meant).
 */
export function hugoCaption(caption: string): string {
  return caption
    .replace(/^\s*>\s*/, '')
    .replace(/\\\\/g, '\\')
    .replace(/\\\((.+?)\\\)/g, (_all, tex: string) => `$${tex}$`)
}

/**
 * `id="fig-x"`: the anchor a link to `#fig-x` lands on, before the picture (remark-figures keeps
 * it in the figure). Hugo's own figure template drops the id; its authors link to it all the same.
 */
export function figureAnchor(id: string | undefined): string {
  return id && /^[\w:.-]+$/.test(id) ? `<a id="${id}"></a>` : ''
}

/** A video as a link to it: no player from another site is embedded in an essay. */
const video =
  (site: string, url: (id: string) => string): ShortcodeHandler =>
  (args) => {
    const { named, positional } = params(args)
    const id = named.get('id') ?? positional[0] ?? ''
    return /^[\w-]+$/.test(id) ? { markdown: `[${site} video](<${url(id)}>)` } : { markdown: '' }
  }

/**
 * `{{< ref "post.md#part" >}}`: the other post by its file name (a page bundle by its folder),
 * which the site's cross-post resolver (src/xref) turns into its address here.
 */
const ref: ShortcodeHandler = (args) => {
  const { named, positional } = params(args)
  const target = named.get('path') ?? positional[0] ?? ''
  const [path, fragment] = target.split('#', 2)
  const parts = path
    .replace(/\.(?:md|markdown|html)$/i, '')
    .split('/')
    .filter(Boolean)
  const last = parts[parts.length - 1]
  const name = last === 'index' || last === '_index' ? parts[parts.length - 2] : last
  if (!name || !/^[\w.-]+$/.test(name)) return { markdown: fragment ? `#${fragment}` : '' }
  // In angle brackets: a link's destination either way, and an autolink when written bare.
  return { markdown: `<${POST_URL_SCHEME}${name}${fragment ? `#${fragment}` : ''}>` }
}

/** What a reader would not see on the Hugo site either, or what needs the site's data. */
const nothing: ShortcodeHandler = () => ({ markdown: '' })

export const HUGO_SHORTCODES: Readonly<Record<string, ShortcodeHandler>> = {
  figure,
  youtube: video('YouTube', (id) => `https://www.youtube.com/watch?v=${id}`),
  vimeo: video('Vimeo', (id) => `https://vimeo.com/${id}`),
  ref,
  relref: ref,
  toc: nothing,
  param: nothing,
}

/** Shortcodes with content, read from the tree by remark-hugo.ts. */
export const HUGO_PAIRED = [
  'callout',
  'alert',
  'notice',
  'admonition',
  'hint',
  'katex',
  'math',
  'highlight',
  'mermaid',
] as const

/** Every shortcode name this dialect handles (the one-line table and the paired ones). */
export const HUGO_SHORTCODE_NAMES: ReadonlySet<string> = new Set([...Object.keys(HUGO_SHORTCODES), ...HUGO_PAIRED])

addShortcodes(HUGO_SHORTCODES)
