import { describe, expect, it } from 'vitest'
import { decodeEntities, inlineMarkdownToText, stripHtml, truncateText } from '../../../src/text/plain-text.js'

describe('inlineMarkdownToText', () => {
  it.each([
    ['*Emphasis* and **strong** and __bold__', 'Emphasis and strong and bold'],
    ['The `argmin` of `f`', 'The argmin of f'],
    ['A [link](https://example.org "t") and [ref][r]', 'A link and ref'],
    ['Image ![alt](/a.png) gone', 'Image gone'],
    ['Footnote[^1] marker', 'Footnote marker'],
    ['<em>HTML</em> <a href="x">tags</a>', 'HTML tags'],
    ['Some fun with &#928; &amp; &pi;', 'Some fun with Π & π'],
    ['snake_case_name stays', 'snake_case_name stays'],
    ['a * b keeps its star', 'a * b keeps its star'],
    ['Math $a_1 * b_2$ is kept', 'Math $a_1 * b_2$ is kept'],
    ['Costs $5 and $10', 'Costs $5 and $10'],
    ['1. Introduction', '1. Introduction'],
    ['\\*not emphasis\\*', '*not emphasis*'],
    ['~~struck~~ text', 'struck text'],
    ['<https://example.org> autolink', 'https://example.org autolink'],
    ['  spaced \n  out  ', 'spaced out'],
  ])('%j → %j', (input, expected) => {
    expect(inlineMarkdownToText(input)).toBe(expected)
  })

  it('stays fast on long hostile input', () => {
    const hostile =
      '<!--'.repeat(20_000) + '['.repeat(20_000) + '`'.repeat(5_000) + '$'.repeat(5_000) + '_*'.repeat(20_000)
    const started = performance.now()
    inlineMarkdownToText(hostile)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('stripHtml and decodeEntities', () => {
  it('removes tags, comments and e-mail addresses in angle brackets', () => {
    expect(stripHtml('<a href="https://x">Jameson Nash</a><!-- c --> <jn@example.org>').trim()).toBe('Jameson Nash')
  })

  it('leaves unknown or invalid references alone', () => {
    expect(decodeEntities('&bogus; &#0; &#x110000; &#xD800; &lt;b&gt;')).toBe('&bogus; &#0; &#x110000; &#xD800; <b>')
  })

  it('knows every name HTML defines, not only the common ones', () => {
    expect(decodeEntities('Wait&hellip; &thetasym; &NotNestedLessLess; &frac12; &sup2; &there4; &Zopf;')).toBe(
      'Wait… ϑ ⪡̸ ½ ² ∴ ℤ',
    )
    // the longest name there is, and names are case-sensitive
    expect(decodeEntities('&CounterClockwiseContourIntegral; &Aacute;&aacute; &AMP;')).toBe('∳ Áá &')
    expect(decodeEntities('&HELLIP; &hellip')).toBe('&HELLIP; &hellip')
    expect(decodeEntities('&#8230; &#x2026; &#X2026;')).toBe('… … …')
  })
})

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('short', 300)).toBe('short')
  })

  it('cuts at a word boundary and adds an ellipsis', () => {
    const text = 'word '.repeat(100).trim()
    const cut = truncateText(text, 300)
    expect(cut.length).toBeLessThanOrEqual(300)
    expect(cut.endsWith('word…')).toBe(true)
  })

  it('cuts text without spaces mid-word, never inside a surrogate pair', () => {
    const cut = truncateText('😀'.repeat(200), 300)
    expect(cut.length).toBeLessThanOrEqual(300)
    expect(cut.endsWith('…')).toBe(true)
    // A lone high surrogate before the ellipsis would be a broken character.
    expect(/[\uD800-\uDBFF]…$/.test(cut)).toBe(false)
  })
})
