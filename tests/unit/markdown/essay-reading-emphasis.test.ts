import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'
import type { ReadingSegment } from '../../../src/shared/schemas/index.js'

/** Each text segment of the first block as its text and its emphasised runs ("!" for bold). */
function runsOf(markdown: string): Array<[string, string[]]> {
  const block = renderMarkdown(markdown).reading[0]
  const segments: ReadingSegment[] = block && block.kind !== 'display' && block.kind !== 'code' ? block.segments : []
  return segments.flatMap((s) =>
    s.kind === 'text'
      ? [
          [s.text, (s.emphasis ?? []).map((r) => `${s.text.slice(r.start, r.end)}${r.strong ? '!' : ''}`)] as [
            string,
            string[],
          ],
        ]
      : [],
  )
}

describe("the reading's emphasised runs (first emphasised uses mark terms)", () => {
  it('marks italic and bold runs of a text segment by offsets, keeping the text one segment', () => {
    expect(runsOf('We use the *scaled dot product\nattention* and a **masked softmax** here.')).toEqual([
      [
        'We use the scaled dot product attention and a masked softmax here.',
        ['scaled dot product attention', 'masked softmax!'],
      ],
    ])
    expect(runsOf('An <em>inline</em> and <b>old</b> and _underscored words_.')).toEqual([
      ['An inline and old and underscored words.', ['inline', 'old!', 'underscored words']],
    ])
  })

  it('reads bold inside italics as bold, and leaves the spaces at a run’s edges out', () => {
    expect(runsOf('Say *very **much** so* and * spaced *.')).toEqual([
      ['Say very much so and * spaced *.', ['very', 'much!', 'so']],
    ])
    expect(runsOf('Say <em> spaced </em> out.')).toEqual([['Say spaced out.', ['spaced']]])
  })

  it('keeps runs apart around formulas, links and code, and never marks those', () => {
    const block = renderMarkdown(
      'The *sample mean* $\\bar x$ of [*a link*](https://example.org) and `*code*` is *known*.',
    ).reading[0]
    expect(block).toMatchObject({
      kind: 'prose',
      segments: [
        { kind: 'text', text: 'The sample mean ', emphasis: [{ start: 4, end: 15 }] },
        { kind: 'math', tex: '\\bar x' },
        { kind: 'text', text: ' of ' },
        { kind: 'link', text: 'a link', url: 'https://example.org' },
        { kind: 'text', text: ' and ' },
        { kind: 'code', text: '*code*' },
        { kind: 'text', text: ' is known.', emphasis: [{ start: 4, end: 9 }] },
      ],
    })
    const plain = block.kind === 'prose' ? block.segments.filter((s) => s.kind !== 'text') : []
    for (const s of plain) expect(s).not.toHaveProperty('emphasis')
  })

  it('leaves a segment without emphasis as it was, and marks a bold lead-in as bold', () => {
    expect(renderMarkdown('Plain words only.').reading[0]).toEqual({
      kind: 'prose',
      block: 'paragraph',
      segments: [{ kind: 'text', text: 'Plain words only.' }],
    })
    expect(runsOf('**Theorem:** Let it be.')).toEqual([['Theorem: Let it be.', ['Theorem:!']]])
  })

  it('reads emphasis in list items and headings too', () => {
    expect(runsOf('- the *first term* of a list')).toEqual([['the first term of a list', ['first term']]])
    const heading = renderMarkdown('## A *named* section').reading[0]
    expect(
      heading.kind === 'heading' &&
        heading.segments.flatMap((s) =>
          s.kind === 'text' ? (s.emphasis ?? []).map((r) => s.text.slice(r.start, r.end)) : [],
        ),
    ).toEqual(['named'])
  })
})
