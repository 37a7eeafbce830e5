import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'
import type { ReadingBlock } from '../../../src/shared/schemas/index.js'

const readingOf = (markdown: string) => renderMarkdown(markdown).reading
const kinds = (blocks: ReadingBlock[]) => blocks.map((b) => (b.kind === 'prose' ? `${b.kind}:${b.block}` : b.kind))

describe("the essay's one reading (the essay document's `reading`)", () => {
  it('reads blocks in order: headings, paragraphs with their bold lead, items, quotes, tables, code and notes', () => {
    const reading = readingOf(
      [
        '# Results',
        '',
        '**Theorem:** Let $x$ be real.[^n]',
        '',
        '- first item',
        '- second item',
        '',
        '> quoted words',
        '',
        '| a | b |',
        '|---|---|',
        '| one | two |',
        '',
        '```python',
        'print("not prose")',
        '```',
        '',
        '[^n]: The note.',
      ].join('\n'),
    )
    expect(kinds(reading)).toEqual([
      'heading',
      'prose:paragraph',
      'prose:item',
      'prose:item',
      'prose:quote',
      'prose:table',
      'prose:table',
      'prose:table',
      'prose:table',
      'code',
      'prose:footnote',
    ])
    expect(reading[1]).toMatchObject({
      lead: 'Theorem',
      segments: [
        { kind: 'text', text: 'Theorem: Let ' },
        { kind: 'math', tex: 'x' },
        { kind: 'text', text: ' be real.' },
      ],
    })
    expect(reading[10]).toMatchObject({ segments: [{ kind: 'text', text: 'The note.' }] })
  })

  it('keeps display formulas as written, with the label their author gave, and reads references as the reader sees them', () => {
    const reading = readingOf('Given by\n\n$$\ny = ax + b \\label{eq:lin}\n$$\n\nso \\eqref{eq:lin} holds.')
    expect(reading[1]).toEqual({ kind: 'display', tex: 'y = ax + b', label: 'eq:lin' })
    expect(reading[2]).toEqual({
      kind: 'prose',
      block: 'paragraph',
      segments: [{ kind: 'text', text: 'so (1) holds.' }],
    })
  })

  it('reads resolved citations as their marks, and marks unresolved narrative ones', () => {
    const entry = {
      id: 'he2016',
      type: 'article-journal',
      title: 'Deep Residual Learning',
      author: [{ family: 'He', given: 'Kaiming' }],
      issued: { 'date-parts': [[2016]] },
    }
    const reading = renderMarkdown('As @he2016 and :citet:`Smith.Jones.2019` show [@Lee.2020].', {
      bibliography: new Map([[entry.id, entry]]),
    }).reading
    expect(reading[0]).toMatchObject({
      segments: [
        { kind: 'text', text: 'As He (2016) and ' },
        { kind: 'cite', keys: ['Smith.Jones.2019'], narrative: true },
        { kind: 'text', text: ' show ' },
        { kind: 'cite', keys: ['Lee.2020'] },
        { kind: 'text', text: '.' },
      ],
    })
  })

  it('keeps links with their text and addresses, a post_url by the post it names', () => {
    const reading = readingOf(
      'See [the proof](/P/norm-snorm), [$x$ here](https://example.org) and [that post]({% post_url 2020-01-01-hello %}).',
    )
    const links = reading.flatMap((b) => (b.kind === 'prose' ? b.segments.filter((s) => s.kind === 'link') : []))
    expect(links).toEqual([
      { kind: 'link', text: 'the proof', url: '/P/norm-snorm' },
      { kind: 'link', text: 'x here', url: 'https://example.org' },
      { kind: 'link', text: 'that post', url: '2020-01-01-hello' },
    ])
  })

  it('joins Chinese lines without a space, other lines with one', () => {
    const reading = readingOf('支持多线程\n编程。\n\nOne line\nand the next.')
    expect(
      reading.map((b) => (b.kind === 'prose' ? b.segments.map((s) => (s.kind === 'text' ? s.text : '')).join('') : '')),
    ).toEqual(['支持多线程编程。', 'One line and the next.'])
  })

  it('leaves out figures and pictures, keeping their captions as text', () => {
    const reading = readingOf('![A plot of the loss](plot.png "The loss falls.")\n\nAfter it.')
    expect(JSON.stringify(reading)).not.toContain('plot.png')
    expect(reading.at(-1)).toEqual({
      kind: 'prose',
      block: 'paragraph',
      segments: [{ kind: 'text', text: 'After it.' }],
    })
  })
})
