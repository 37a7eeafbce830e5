import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { readingExcerpt } from '../../../src/markdown/reading-excerpt.js'
import { searchTerms } from '../../../src/text/tokenize.js'

/** The HTML without KaTeX's presentation and code highlighting: what the prose says, tags stripped. */
const proseOf = (html: string): string =>
  html
    .replace(/<span class="katex">[\s\S]*?<\/annotation>/g, '')
    .replace(/<pre>[\s\S]*?<\/pre>/g, '')
    .replace(/<[^>]+>/g, '')

/** The few entities the serializer writes for quotes. */
const decode = (html: string): string => html.replace(/&quot;|&#x22;/g, '"').replace(/&#x27;/g, "'")

/** Every TeX source KaTeX was given (its <annotation>), as written. */
const texOf = (html: string): string[] =>
  [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => m[1])

describe('typographic quotes and dashes (remark-smartypants)', () => {
  it('sets quotes, apostrophes, dashes and ellipses in prose, headings, emphasis and links', () => {
    const { html } = renderMarkdown(
      [
        '## The "cat" -- a study',
        '',
        "Let's call it a \"*good* [idea](https://example.com)\" -- pages 1--2, and---as 'they' say... no.",
      ].join('\n'),
    )
    expect(proseOf(html)).toContain('The “cat” – a study')
    expect(proseOf(html)).toContain('Let’s call it a “good idea” – pages 1–2, and—as ‘they’ say… no.')
  })

  it('leaves inline code, code blocks, inline and display math, and raw HTML as written', () => {
    const md = [
      'Run `say("it\'s") -- x` and $f\'(x) = "a"$ then:',
      '',
      '```python',
      'print("don\'t") -- 1 ... 2',
      '```',
      '',
      '$$',
      'g\'\'(x) --- \\text{"quoted"}',
      '$$',
      '',
      '<span title="a -- \'b\'">raw "html" attribute</span>',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain('<code>say("it\'s") -- x</code>')
    const text = decode(html)
    expect(text.replace(/<span class="hljs-[\w-]+">|<\/span>/g, '')).toContain('print("don\'t") -- 1 ... 2')
    expect(texOf(text)).toEqual(['f\'(x) = "a"', 'g\'\'(x) --- \\text{"quoted"}'])
    expect(text).toContain('<span title="a -- \'b\'">raw “html” attribute</span>')
  })

  it('keeps the id a heading had before: links already made to "Encoder--Decoder" still land', () => {
    const { html, toc } = renderMarkdown('## Encoder--Decoder\n\n## Don\'t "stop"...\n\n## Encoder--Decoder\n')
    expect(toc.map((t) => [t.text, t.id])).toEqual([
      ['Encoder–Decoder', 'encoder--decoder'],
      ['Don’t “stop”…', 'dont-stop'],
      ['Encoder–Decoder', 'encoder--decoder-1'],
    ])
    expect(html).toContain('<h2 id="encoder--decoder">Encoder–Decoder</h2>')
  })

  it('gives the essay reading, plain text and excerpt the typographic text, which search finds with a straight-quoted query', () => {
    const r = renderMarkdown('Bessel\'s correction keeps the "sample variance" unbiased -- mostly.')
    expect(r.plainText).toBe('Bessel’s correction keeps the “sample variance” unbiased – mostly.')
    expect(readingExcerpt(r.reading)).toBe('Bessel’s correction keeps the “sample variance” unbiased – mostly.')
    // the index reads the typographic text; a reader types straight quotes
    const indexed = new Set(searchTerms(r.plainText))
    for (const term of searchTerms('"Bessel\'s" "sample variance"')) expect(indexed).toContain(term)
  })
})

describe('in-word apostrophes set without the natural-language pass', () => {
  // A block whose only candidates are apostrophes inside words takes a shortcut; each must read
  // exactly as remark-smartypants sets it, alone or beside what needs the full pass.
  const plugin = async (md: string): Promise<string> => {
    const [{ unified }, { default: remarkParse }, { default: remarkSmartypants }, { toString }] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-smartypants'),
      import('mdast-util-to-string'),
    ])
    const processor = unified().use(remarkParse).use(remarkSmartypants, { dashes: 'oldschool', backticks: false })
    return toString(processor.runSync(processor.parse(md)))
  }
  const cases = [
    "Don't stop: it's Bayes's theorem, and the 1990's were l'été of rock'n'roll.",
    "Ends with a quote'",
    "'Tis the season, and the '80s.",
    "Mixed: 'quoted' words and don't.",
    'Also "double" and can\'t.',
    "O'Neill's *em*'s and `code`'s.",
  ]
  for (const text of cases)
    it(`sets ${JSON.stringify(text)} as remark-smartypants does`, async () => {
      expect(proseOf(renderMarkdown(text).html)).toBe(`${await plugin(text)}\n`.trimEnd())
    })
})
