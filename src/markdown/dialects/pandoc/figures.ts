import type { Blockquote, Html, Image, Paragraph, PhrasingContent, RootContent, Table } from 'mdast'
import { looksLikeAttributes, parseAttributes } from './attributes.js'
import type { Flow } from './div-content.js'
import { imageAttributes } from './inline-attributes.js'
import type { PandocDiv } from './mdast-fenced-div.js'
import { quartoPrefix, type QuartoLabels } from './labels.js'

/**
 * Quarto's figures and tables (docs/authoring/figures.qmd, tables.qmd, cross-references.qmd):
 * `![Caption](x.png){#fig-x}`, `::: {#fig-x}` divs whose last paragraph is the caption (with
 * subfigures: several captioned images, or `::: {#fig-x-a}` divs inside), a table followed by
 * `: Caption {#tbl-x}`, and `::: {#tbl-x}` divs. Each becomes the markup remark-figures and
 * rehype-captions already give a figure or table, with a label anchor numbered in document
 * order; rehype-captions writes "Figure n:" before the caption from `captionNumbers`.
 */

/** What the figure readers record of each numbered float, for captions and the document's anchors. */
export interface NumberedFloat {
  key: string
  kind: 'figure' | 'table' | 'listing'
  number: string
}

/** `<a id="key"></a>`, the anchor references and caption numbers find (keys are checked ids). */
export function labelAnchor(key: string): Html {
  return { type: 'html', value: `<a id="${safeId(key)}"></a>` }
}

/** The same anchor inside a paragraph, as two nodes, the way the parser reads inline HTML (remark-figures expects it so). */
export function inlineLabelAnchor(key: string): Html[] {
  return [
    { type: 'html', value: `<a id="${safeId(key)}">` },
    { type: 'html', value: '</a>' },
  ]
}

function safeId(key: string): string {
  return key.replace(/[^\w:.-]/g, '')
}

/** `![Caption](x.png){#fig-x}` alone in its paragraph: numbered, anchored; remark-figures makes it a figure. */
export function labelImageFigure(paragraph: Paragraph, labels: QuartoLabels, floats: NumberedFloat[]): void {
  const images = paragraph.children.filter((c): c is Image => c.type === 'image')
  if (images.length !== 1) return
  const key = imageAttributes.get(images[0])?.id
  if (!key || quartoPrefix(key) !== 'fig') return
  const number = labels.next('fig', key)
  floats.push({ key, kind: 'figure', number })
  paragraph.children.unshift(...inlineLabelAnchor(key))
}

/** `: Caption {#tbl-x}` after a table: the label taken off the caption, numbered, anchored in it. */
export function labelTableCaption(paragraph: Paragraph, labels: QuartoLabels, floats: NumberedFloat[]): void {
  const first = paragraph.children[0]
  const tail = paragraph.children[paragraph.children.length - 1]
  if (first?.type !== 'text' || !/^\s*(?:Table)?:/.test(first.value) || tail?.type !== 'text') return
  const value = tail.value.trimEnd()
  const open = value.lastIndexOf('{')
  if (!value.endsWith('}') || open < 0 || !looksLikeAttributes(value.slice(open + 1, -1))) return
  tail.value = value.slice(0, open).trimEnd()
  const key = parseAttributes(value.slice(open + 1, -1)).id
  if (!key || quartoPrefix(key) !== 'tbl') return
  floats.push({ key, kind: 'table', number: labels.next('tbl', key) })
  paragraph.children.push(...inlineLabelAnchor(key))
}

/**
 * `::: {#fig-x}`: its images (or inner divs, as subfigures "(a)", "(b)") and its caption (the
 * last paragraph that is not a picture, or `fig-cap`). `children` are already read, inner
 * divs except: `subfigure` reads one of those.
 */
export function figureFromDiv(
  div: PandocDiv,
  labels: QuartoLabels,
  floats: NumberedFloat[],
  subfigure: (inner: PandocDiv) => Flow,
): RootContent[] {
  const key = div.attributes.id ?? ''
  const number = labels.next('fig', key)
  floats.push({ key, kind: 'figure', number })
  const { caption, rest } = takeCaption(div.children, div.attributes.values.get('fig-cap'))
  const parts: Array<{ key: string | null; content: Flow; caption: PhrasingContent[] }> = []
  const other: Flow = []
  for (const child of rest) {
    if (child.type === 'pandocDiv') {
      const inner = takeCaption(subfigure(child), child.attributes.values.get('fig-cap'))
      parts.push({ key: child.attributes.id, content: inner.rest, caption: inner.caption ?? [] })
    } else if (child.type === 'paragraph' && isPictures(child)) {
      for (const image of child.children)
        if (image.type === 'image')
          parts.push({ key: imageAttributes.get(image)?.id ?? null, content: [picture(image)], caption: altOf(image) })
    } else other.push(child)
  }
  // One picture: the figure remark-figures would make, its caption the div's.
  if (parts.length === 1 && other.length === 0) {
    const image = parts[0].content[0]
    if (image?.type === 'paragraph') return [figureParagraph(key, image.children, caption ?? parts[0].caption)]
  }
  const figure: Blockquote = { type: 'blockquote', data: { hName: 'figure' }, children: [] }
  const body: Flow = [labelAnchor(key)]
  parts.forEach((part, k) => {
    const letter = String.fromCharCode(97 + (k % 26))
    if (part.key) labels.set(part.key, { word: 'Figure', number: `${number}(${letter})` })
    const pictures = part.content.flatMap((c) => (c.type === 'paragraph' ? c.children : []))
    const subCaption: PhrasingContent[] = [{ type: 'text', value: `(${letter}) ` }, ...part.caption]
    if (pictures.length > 0 && part.content.every((c) => c.type === 'paragraph'))
      body.push(figureParagraph(part.key, pictures, subCaption))
    else body.push(...(part.key ? [labelAnchor(part.key)] : []), ...part.content, captionParagraph(subCaption))
  })
  body.push(...other)
  if (caption) body.push(captionParagraph(caption))
  figure.children = body
  return [figure]
}

/**
 * `::: {#lst-x}` (or a code block `{#lst-x lst-cap="…"}`, a cell's `#| lst-label:`): the code
 * with its caption above it, "Listing 1: …", numbered and labelled as Quarto does; its caption
 * is `lst-cap` or the div's last paragraph. Without one it is the code, anchored.
 */
export function listingFromDiv(div: PandocDiv, children: Flow, labels: QuartoLabels, floats: NumberedFloat[]): Flow {
  const key = div.attributes.id ?? ''
  const { caption, rest } = takeCaption(children, div.attributes.values.get('lst-cap'))
  if (!caption) return [labelAnchor(key), ...rest]
  floats.push({ key, kind: 'listing', number: labels.next('lst', key) })
  const figure: Blockquote = {
    type: 'blockquote',
    data: { hName: 'figure', hProperties: { className: ['code-figure'] } },
    children: [labelAnchor(key), captionParagraph(caption), ...rest],
  }
  return [figure]
}

/** `::: {#tbl-x}`: the table with its caption (last paragraph or `tbl-cap`) after it, anchored and numbered. */
export function tableFromDiv(div: PandocDiv, children: Flow, labels: QuartoLabels, floats: NumberedFloat[]): Flow {
  const key = div.attributes.id ?? ''
  const tables = children.filter((c): c is Table => c.type === 'table')
  const { caption, rest } = takeCaption(children, div.attributes.values.get('tbl-cap'), true)
  if (!caption) return [labelAnchor(key), ...rest]
  if (tables.length === 0) {
    // The table a code cell makes (Quarto runs it; Scholia cannot): numbered, its caption over the code.
    floats.push({ key, kind: 'table', number: labels.next('tbl', key) })
    const figure: Blockquote = { type: 'blockquote', data: { hName: 'figure' }, children: [] }
    figure.children = [labelAnchor(key), captionParagraph(caption), ...rest]
    return [figure]
  }
  floats.push({ key, kind: 'table', number: labels.next('tbl', key) })
  const at = rest.indexOf(tables[0])
  // rehype-captions moves a `: …` paragraph next to a table into its <caption>.
  const [first, ...others] = caption
  const lead: PhrasingContent[] =
    first?.type === 'text'
      ? [{ ...first, value: `: ${first.value}` }, ...others]
      : [{ type: 'text', value: ': ' }, ...caption]
  const captionNode: Paragraph = { type: 'paragraph', children: [...lead, ...inlineLabelAnchor(key)] }
  return [...rest.slice(0, at + 1), captionNode, ...rest.slice(at + 1)]
}

function takeCaption(
  children: Flow,
  written: string | undefined,
  table = false,
): { caption: PhrasingContent[] | null; rest: Flow } {
  if (written) return { caption: [{ type: 'text', value: written }], rest: children }
  for (let k = children.length - 1; k >= 0; k--) {
    const child = children[k]
    if (child.type === 'paragraph' && !isPictures(child)) {
      const caption = table ? withoutMarker(child.children) : child.children
      return { caption, rest: [...children.slice(0, k), ...children.slice(k + 1)] }
    }
    if (child.type !== 'html') break
  }
  return { caption: null, rest: children }
}

function withoutMarker(children: PhrasingContent[]): PhrasingContent[] {
  const [first, ...others] = children
  if (first?.type !== 'text') return children
  const value = first.value.replace(/^\s*(?:Table)?:\s*/, '')
  return value ? [{ ...first, value }, ...others] : others
}

function isPictures(paragraph: Paragraph): boolean {
  let images = 0
  for (const c of paragraph.children) {
    if (c.type === 'image') images++
    else if (!(c.type === 'text' && c.value.trim() === '') && c.type !== 'break' && c.type !== 'html') return false
  }
  return images > 0
}

function picture(image: Image): Paragraph {
  return { type: 'paragraph', children: [image] }
}

function altOf(image: Image): PhrasingContent[] {
  return image.alt ? [{ type: 'text', value: image.alt }] : []
}

/** A figure as remark-figures writes it: anchor, pictures, caption; a `figure` paragraph it leaves alone. */
function figureParagraph(key: string | null, pictures: PhrasingContent[], caption: PhrasingContent[]): Paragraph {
  const children: PhrasingContent[] = pictures.filter((c) => !(c.type === 'text' && c.value.trim() === ''))
  if (key) children.unshift(...inlineLabelAnchor(key))
  if (caption.length > 0) children.push({ type: 'emphasis', data: { hName: 'figcaption' }, children: caption })
  return { type: 'paragraph', data: { hName: 'figure' }, children }
}

function captionParagraph(caption: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', data: { hName: 'figcaption' }, children: caption }
}
