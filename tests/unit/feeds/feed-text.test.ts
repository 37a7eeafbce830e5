import { describe, it, expect } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import { xmlText } from '../../../src/feeds/xml.js'
import { absoluteUrl, absolutizeHtml } from '../../../src/feeds/absolute-urls.js'
import { parseBibliography } from '../../../src/shared/bibliography.js'

describe('xmlText', () => {
  it('escapes markup and drops characters XML 1.0 forbids, so any essay text keeps a feed well formed', () => {
    const nasty = 'a < b && c > d "q" \'s\' ]]> \u0000\u0007\u001F\uFFFE \uD800 tab\tnl\n 😀'
    const escaped = xmlText(nasty)
    expect(XMLValidator.validate(`<t a="${escaped}">${escaped}</t>`)).toBe(true)
    expect(escaped).toBe('a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &apos;s&apos; ]]&gt;   tab\tnl\n 😀')
  })
})

describe('absolute addresses', () => {
  const base = 'https://x.org/blog'
  const page = `${base}/posts/p`
  it('resolves root-relative against the base URL, fragments and relative paths against the page', () => {
    expect(absoluteUrl('/media/a.png', page, base)).toBe('https://x.org/blog/media/a.png')
    expect(absoluteUrl('#fn-1', page, base)).toBe('https://x.org/blog/posts/p#fn-1')
    expect(absoluteUrl('other', page, base)).toBe('https://x.org/blog/posts/other')
    expect(absoluteUrl('//cdn.example/a.js', page, base)).toBe('https://cdn.example/a.js')
    for (const kept of ['https://e.org/a', 'mailto:a@b.c', 'data:image/png;base64,AA']) expect(absoluteUrl(kept, page, base)).toBe(kept)
  })

  it('rewrites attributes of real tags only, also when a quoted value holds ">"', () => {
    const html = '<p><img alt="a > b" src="/m.png"> <a href="#x">x</a> <code>&#x3C;a href="/docs"></code></p>'
    expect(absolutizeHtml(html, page, base)).toBe(
      '<p><img alt="a > b" src="https://x.org/blog/m.png"> <a href="https://x.org/blog/posts/p#x">x</a> <code>&#x3C;a href="/docs"></code></p>',
    )
  })
})

describe('parseBibliography', () => {
  it('is null for text that is not a bibliography, and keeps only well-formed entries', () => {
    expect(parseBibliography(null)).toBeNull()
    expect(parseBibliography('{oops')).toBeNull()
    expect(parseBibliography('{"introduction":"x"}')).toBeNull()
    const parsed = parseBibliography(JSON.stringify({ entries: [{ id: '1', type: 'book', title: 'T', authors: ['A'] }, { title: 'no type' }] }))
    expect(parsed).toEqual({ introduction: '', entries: [{ id: '1', type: 'book', title: 'T', authors: ['A'] }], furtherReading: [] })
  })
})
