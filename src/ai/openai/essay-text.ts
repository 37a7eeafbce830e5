import type { ReadingBlock, ReadingSegment } from '../../shared/schemas/index.js'

/**
 * The essay as the model is given it: its one reading written out as light markdown (headings,
 * paragraphs, `$…$` formulas as the author wrote them without labels or numbering, links with
 * their addresses, citations as their marks, code blocks fenced). No front matter, no HTML, no
 * other framework's code, no d2l or Liquid syntax: only what a reader reads.
 */
export function essayText(reading: readonly ReadingBlock[]): string {
  const out: string[] = []
  for (const block of reading) {
    switch (block.kind) {
      case 'heading':
        out.push(`${'#'.repeat(block.depth)} ${inline(block.segments)}`)
        break
      case 'display':
        out.push(`$$${block.tex}$$`)
        break
      case 'code':
        // The code the page shows (for d2l, one framework's), fenced; '[code]' for a reading stored without it.
        out.push(block.text === undefined ? '[code]' : fence(block.text, block.language))
        break
      case 'prose':
        out.push(
          `${block.block === 'item' ? '- ' : block.block === 'quote' ? '> ' : block.block === 'footnote' ? 'Note: ' : ''}${inline(block.segments)}`,
        )
        break
    }
  }
  return out.join('\n\n')
}

function inline(segments: readonly ReadingSegment[]): string {
  return segments
    .map((s) => {
      switch (s.kind) {
        case 'text':
          return s.text
        case 'math':
          return `$${s.tex}$`
        case 'code':
          return `\`${s.text}\``
        case 'link':
          return /^https?:/i.test(s.url) ? `[${s.text}](${s.url})` : s.text
        case 'cite':
          return ''
      }
    })
    .join('')
}

/** A fence longer than any run of backticks inside the code, so the code cannot close it. */
function fence(code: string, language: string | undefined): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length))
  const bar = '`'.repeat(longest + 1)
  return `${bar}${language ?? ''}\n${code}\n${bar}`
}
