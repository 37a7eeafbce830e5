import type { Heading, Nodes, Root } from 'mdast'
import { unnumberedHeadings } from '../pandoc/inline-attributes.js'

/**
 * The numbers bookdown gives the sections of chapter `chapter` (its title heading is the
 * essay's title, already out of the tree): `## Tables` is 2.1, the `###` below it 2.1.1, as
 * pandoc's `number_sections` counts them. A heading marked `{-}` or `.unnumbered` takes no
 * number and counts for nothing; a `#` heading in the body (a second chapter in one file, which
 * bookdown advises against) takes none either.
 */
export function sectionNumbers(tree: Root, chapter: string): Map<Heading, string> {
  const numbers = new Map<Heading, string>()
  const counts: number[] = []
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') {
      if (node.depth < 2 || unnumberedHeadings.has(node)) return
      const level = node.depth - 2
      counts.length = level + 1
      for (let i = 0; i < level; i++) counts[i] ??= 0
      counts[level] = (counts[level] ?? 0) + 1
      numbers.set(node, [chapter, ...counts].join('.'))
    } else if ('children' in node && node.type !== 'paragraph' && node.type !== 'table') {
      for (const child of node.children) visit(child)
    }
  }
  visit(tree)
  return numbers
}

/** The number shown before a numbered heading's text, as bookdown shows it ("2.1 Tables"). */
export function showSectionNumber(heading: Heading, number: string): void {
  heading.children.unshift(
    {
      type: 'emphasis',
      data: { hName: 'span', hProperties: { className: ['header-section-number'] } },
      children: [{ type: 'text', value: number }],
    },
    { type: 'text', value: ' ' },
  )
}
