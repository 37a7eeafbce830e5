import type { ReadingBlock } from '../shared/schemas/index.js'

/**
 * The words of an essay's prose from its one reading: text and link texts of its headings and
 * blocks, without formulas, code or citation keys. For what must speak in words (an image's
 * concepts, a banner's subtitle), where a TeX token ("mathbf") means nothing.
 */
export function proseText(reading: readonly ReadingBlock[]): string {
  const out: string[] = []
  for (const block of reading) {
    if (block.kind !== 'prose' && block.kind !== 'heading') continue
    out.push(block.segments.map((s) => (s.kind === 'text' || s.kind === 'link' ? s.text : ' ')).join(''))
  }
  return out.join('\n\n')
}
