import type { Image, Paragraph, PhrasingContent, Root } from 'mdast'
import { visit } from 'unist-util-visit'

/** Stash markers (see syntax/stash.ts): inside an image's alt text they only ever stand for inline TeX. */
const MARKER = /(\uE003\d+\uE004)/

/** Label anchors the preprocessor puts after a figure (`<a id="fig_x"></a>`), which belong to it. */
const ANCHOR_HTML = /^(?:<a\s+id="[^"<>]*"\s*>|<\/a>)$/

/**
 * A picture standing alone in its paragraph, with alt text, is a figure: the alt text is its
 * caption (d2l, pandoc and most static-site generators read it so). The paragraph becomes
 * `<figure>` holding any label anchor written with it, the image, and a `<figcaption>`;
 * formulas in the caption stay formulas (KaTeX renders them), not TeX source.
 */
export default function remarkFigures() {
  return (tree: Root): undefined => {
    visit(tree, 'paragraph', (node: Paragraph) => {
      const image = loneImage(node)
      if (!image) return
      const anchors = node.children.filter((c) => c.type === 'html')
      const caption = {
        type: 'emphasis',
        data: { hName: 'figcaption' },
        children: captionContent(image.alt ?? ''),
      } as const satisfies PhrasingContent
      node.data = { ...node.data, hName: 'figure' }
      // The label anchor first: a reference jumps to the top of the figure, not below its picture.
      node.children = [...anchors, image, caption]
      return 'skip'
    })
  }
}

function loneImage(node: Paragraph): Image | null {
  let image: Image | null = null
  for (const child of node.children) {
    if (child.type === 'image' && !image) image = child
    else if (child.type === 'text' && child.value.trim() === '') continue
    else if (child.type === 'html' && ANCHOR_HTML.test(child.value.trim())) continue
    else return null
  }
  return image && (image.alt ?? '').trim() !== '' ? image : null
}

function captionContent(alt: string): PhrasingContent[] {
  return alt
    .trim()
    .split(MARKER)
    .filter((part) => part !== '')
    .map((part): PhrasingContent =>
      MARKER.test(part)
        ? { type: 'inlineCode', value: part, data: { hProperties: { className: ['language-math', 'math-inline'] } } }
        : { type: 'text', value: part },
    )
}
