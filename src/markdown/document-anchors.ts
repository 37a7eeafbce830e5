import type { EssayAnchor, TocEntry } from '../shared/schemas/index.js'

/**
 * The labels a render defines, checked against its HTML: a section takes its heading's text
 * from the TOC (plain text, as a link to it reads), and an id that did not make it into the
 * HTML (a label on something the sanitizer dropped) is cleared rather than linked to in vain.
 */
export function documentAnchors(labels: readonly EssayAnchor[], html: string, toc: readonly TocEntry[]): EssayAnchor[] {
  const headings = new Map(toc.map((entry) => [entry.id, entry.text]))
  return labels.map((anchor) => {
    if (anchor.id === '') return anchor
    if (!html.includes(`id="${anchor.id}"`)) return { ...anchor, id: '' }
    const heading = headings.get(anchor.id)
    return heading ? { ...anchor, title: heading } : anchor
  })
}
