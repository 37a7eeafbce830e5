import { describe, it, expect } from 'vitest'
import { XMLValidator } from 'fast-xml-parser'
import { xmlText } from '../../../src/feeds/xml.js'
import { absoluteSrcset, absoluteUrl, absolutizeHtml } from '../../../src/feeds/absolute-urls.js'
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
    for (const kept of ['https://e.org/a', 'mailto:a@b.c', 'data:image/png;base64,AA'])
      expect(absoluteUrl(kept, page, base)).toBe(kept)
  })

  it('rewrites attributes of real tags only, also when a quoted value holds ">"', () => {
    const html = '<p><img alt="a > b" src="/m.png"> <a href="#x">x</a> <code>&#x3C;a href="/docs"></code></p>'
    expect(absolutizeHtml(html, page, base)).toBe(
      '<p><img alt="a > b" src="https://x.org/blog/m.png"> <a href="https://x.org/blog/posts/p#x">x</a> <code>&#x3C;a href="/docs"></code></p>',
    )
  })
})

describe('absolute srcset candidates', () => {
  const base = 'https://x.org/blog'
  const page = `${base}/posts/p`

  it("makes a figure's responsive WebP variants absolute in a feed, like its src", () => {
    const html =
      '<figure><picture><source type="image/webp" srcset="/media/assets/ab12-640.webp 640w, /media/assets/ab12-1280.webp 1280w" sizes="(min-width: 48rem) 42rem, 100vw">' +
      '<img src="/media/assets/ab12.png" width="1600" height="900" alt="A plot"></picture></figure>'
    expect(absolutizeHtml(html, page, base)).toBe(
      '<figure><picture><source type="image/webp" srcset="https://x.org/blog/media/assets/ab12-640.webp 640w, https://x.org/blog/media/assets/ab12-1280.webp 1280w" sizes="(min-width: 48rem) 42rem, 100vw">' +
        '<img src="https://x.org/blog/media/assets/ab12.png" width="1600" height="900" alt="A plot"></picture></figure>',
    )
  })

  it('reads candidates as HTML does: descriptors optional, density or width, any spacing, commas inside an address', () => {
    const cases: [string, string][] = [
      ['/a.png', 'https://x.org/blog/a.png'],
      ['/a.png 1x,/b.png 2x', 'https://x.org/blog/a.png 1x,https://x.org/blog/b.png 2x'],
      [
        '  /a.png   640w ,\n\t b.png 1.5x  ',
        '  https://x.org/blog/a.png   640w ,\n\t https://x.org/blog/posts/b.png 1.5x  ',
      ],
      // trailing commas end a candidate that has no descriptor
      ['/a.png, /b.png 2x', 'https://x.org/blog/a.png, https://x.org/blog/b.png 2x'],
      // …but with no space after the comma it is one address, as a browser reads it
      ['/a.png,/b.png 2x', 'https://x.org/blog/a.png,/b.png 2x'],
      ['/a.png,, /b.png', 'https://x.org/blog/a.png,, https://x.org/blog/b.png'],
      // a comma inside an address belongs to it
      [
        '/img/a,b.png 640w, /img/c.png 1280w',
        'https://x.org/blog/img/a,b.png 640w, https://x.org/blog/img/c.png 1280w',
      ],
      [
        'data:image/png;base64,iVBORw0KGgo= 1x, /b.png 2x',
        'data:image/png;base64,iVBORw0KGgo= 1x, https://x.org/blog/b.png 2x',
      ],
      // a comma inside parentheses is part of a (future) descriptor, not a separator
      ['/a.png 1x (foo, bar), /b.png 2x', 'https://x.org/blog/a.png 1x (foo, bar), https://x.org/blog/b.png 2x'],
      // absolute and protocol-relative addresses stay or resolve as a browser would
      [
        'https://cdn.example/a.webp 640w, //cdn.example/b.webp 1280w',
        'https://cdn.example/a.webp 640w, https://cdn.example/b.webp 1280w',
      ],
      ['', ''],
      [' , ', ' , '],
    ]
    for (const [srcset, expected] of cases) expect(absoluteSrcset(srcset, page, base), srcset).toBe(expected)
  })

  it('rewrites srcset on an <img> too, and leaves HTML-escaped addresses escaped', () => {
    const html = '<img src="a.png" srcset="/a.png?w=1&#x26;q=2 1x, /a@2x.png 2x" alt="">'
    expect(absolutizeHtml(html, page, base)).toBe(
      '<img src="https://x.org/blog/posts/a.png" srcset="https://x.org/blog/a.png?w=1&#x26;q=2 1x, https://x.org/blog/a@2x.png 2x" alt="">',
    )
  })
})

describe('parseBibliography', () => {
  it('is null for text that is not a bibliography, and keeps only well-formed entries', () => {
    expect(parseBibliography(null)).toBeNull()
    expect(parseBibliography('{oops')).toBeNull()
    expect(parseBibliography('{"introduction":"x"}')).toBeNull()
    const parsed = parseBibliography(
      JSON.stringify({ entries: [{ id: '1', type: 'book', title: 'T', authors: ['A'] }, { title: 'no type' }] }),
    )
    expect(parsed).toEqual({
      introduction: '',
      entries: [{ id: '1', type: 'book', title: 'T', authors: ['A'] }],
      furtherReading: [],
    })
  })
})
