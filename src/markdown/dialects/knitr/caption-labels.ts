import type { Paragraph } from 'mdast'

/** bookdown's label at the start of a markdown caption: `(\#tab:mtcars)`, `(\#fig:logo)` (markdown has read its `\`). */
const LABEL = /^\(#((?:tab|fig):[\w:.-]+)\)[ \t]*/
/** A table's caption paragraph, as pandoc writes it after the table: `Table: …` or `: …`. */
const TABLE_CAPTION = /^([ \t]*(?:Table)?:[ \t]*)/

/**
 * A markdown table's or image's caption that starts with a bookdown label —
 * `Table: (\#tab:simple) A simple table.`, `![(\#fig:logo) The logo.](logo.png)` — loses the
 * label, which becomes an anchor in the paragraph (rehype-captions numbers the caption from it,
 * remark-figures keeps it with the figure); the label and what it labels, or null.
 */
export function captionLabel(paragraph: Paragraph): { key: string; kind: 'figure' | 'table' } | null {
  const first = paragraph.children[0]
  if (first?.type === 'text') {
    const marker = TABLE_CAPTION.exec(first.value)
    const label = marker ? LABEL.exec(first.value.slice(marker[1].length)) : null
    if (!marker || !label?.[1].startsWith('tab:')) return null
    first.value = marker[1] + first.value.slice(marker[1].length + label[0].length)
    paragraph.children.push(...anchor(label[1]))
    return { key: label[1], kind: 'table' }
  }
  const image = paragraph.children.find((c) => c.type === 'image')
  const label = image?.alt ? LABEL.exec(image.alt) : null
  if (!image || !label?.[1].startsWith('fig:')) return null
  image.alt = image.alt!.slice(label[0].length)
  paragraph.children.unshift(...anchor(label[1]))
  return { key: label[1], kind: 'figure' }
}

/** `<a id="key">` and `</a>` apart, as remark-figures expects a figure's label anchor. */
function anchor(key: string) {
  return [
    { type: 'html' as const, value: `<a id="${key.replace(/[^\w:.-]/g, '')}">` },
    { type: 'html' as const, value: '</a>' },
  ]
}
