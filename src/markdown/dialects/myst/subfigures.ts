import type { MystNode } from './myst-node.js'

/**
 * The pictures of a MyST figure that mystmd makes subfigures of: images given as the figure's
 * children, or in a paragraph of images alone (one per line, as authors write them). A figure
 * of two or more numbers them "1a", "1b", their captions their alt texts, each with the label
 * `{figure}-a`, `{figure}-b` (myst-transforms' containers.ts and the guide's "Subfigures").
 */
export function figurePictures(container: MystNode): MystNode[] {
  return (container.children ?? []).flatMap((child) =>
    child.type === 'image'
      ? [child]
      : isPictures(child)
        ? (child.children ?? []).filter((c) => c.type === 'image')
        : [],
  )
}

/** Whether a node is a paragraph of images and the line breaks between them. */
export function isPictures(node: MystNode): boolean {
  if (node.type !== 'paragraph') return false
  let images = 0
  for (const child of node.children ?? []) {
    if (child.type === 'image') images++
    else if (!(child.type === 'break' || (child.type === 'text' && (child.value ?? '').trim() === ''))) return false
  }
  return images > 0
}

/** A paragraph of a figure that is its caption (or legend): any but one of pictures alone. */
export function isCaption(node: MystNode): boolean {
  return node.type === 'paragraph' && !isPictures(node)
}

/** The letter of the `index`th subfigure: a to z, then a again, as mystmd counts them. */
export function subfigureLetter(index: number): string {
  return String.fromCharCode(97 + (index % 26))
}
