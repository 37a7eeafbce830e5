import { describe, expect, it } from 'vitest'
import { openEssay, packEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'

const essay = [
  '---',
  'title: Ünïcode and formulas',
  'date: 2021-03-04',
  'tags: [math]',
  '---',
  '',
  'Euler’s identity, $e^{i\\pi} + 1 = 0$, in “quotes”; a CJK note: 数学.',
  '',
  '## A section',
  '',
  'More prose.',
].join('\n')

describe('a prepared essay on its way from a worker', () => {
  it('opens to what was rendered: dates stay dates, the HTML and text keep every character', () => {
    const outcome = prepareEssay({
      essay: { path: '/essays/unicode.md', text: essay, mtime: new Date('2022-01-01T00:00:00Z') },
      options: { ownerName: 'Owner' },
    })
    if (!('packed' in outcome)) throw new Error(outcome.failed)
    const { parsed, rendered } = openEssay(outcome)
    expect(parsed.title).toBe('Ünïcode and formulas')
    expect(parsed.publishedAt).toBeInstanceOf(Date)
    expect(parsed.publishedAt.toISOString()).toBe('2021-03-04T00:00:00.000Z')
    expect(rendered.html).toContain('<math')
    expect(rendered.html).toContain('数学')
    expect(rendered.plainText).toContain('Euler’s identity')
    expect(rendered.toc.map((entry) => entry.text)).toEqual(['A section'])
  })

  it('is smaller than the text it carries (the corpus’s essays shrink about tenfold)', () => {
    const html = '<span class="katex"><math><mi>x</mi></math></span>'.repeat(2_000)
    const packed = packEssay({
      parsed: {} as never,
      rendered: { html, plainText: 'x '.repeat(2_000) } as never,
    })
    expect(packed.packed.byteLength).toBeLessThan(html.length / 10)
    expect(openEssay(packed).rendered.html).toBe(html)
  })

  it('carries a lone surrogate as U+FFFD, as it would reach a reader', () => {
    const opened = openEssay(packEssay({ parsed: {} as never, rendered: { html: '<p>a\uD800b</p>' } as never }))
    expect(opened.rendered.html).toBe('<p>a\uFFFDb</p>')
  })
})
