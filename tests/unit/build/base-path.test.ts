import { describe, it, expect } from 'vitest'
import { htmlWithBase, normalizeBase, resolvePublicAddress, withBase } from '../../../src/build/base-path.js'

describe('htmlWithBase', () => {
  it('moves root-relative addresses in attributes under the base', () => {
    const html =
      '<a href="/posts/x">x</a><img src="/media/a.png" srcset="/media/a.png 1x, /media/b.png 2x, https://o.org/c.png 3x"><form action="/search"></form><script type="module" src="/assets/e.js"></script>'
    expect(htmlWithBase(html, '/blog')).toBe(
      '<a href="/blog/posts/x">x</a><img src="/blog/media/a.png" srcset="/blog/media/a.png 1x, /blog/media/b.png 2x, https://o.org/c.png 3x"><form action="/blog/search"></form><script type="module" src="/blog/assets/e.js"></script>',
    )
  })

  it('leaves other addresses, text and code samples alone', () => {
    const html = [
      '<a href="https://o.org/x">/posts/x</a><a href="#fn-1">1</a><a href="//cdn.example/x">cdn</a><a href="mailto:a@b.c">m</a><a href="rel/x">r</a>',
      '<pre><code class="hljs">&lt;a href="/x"&gt; <a href="/inside-pre">no</a></code></pre><p>in <code><a href="/inside-code">code</a></code></p>',
      '<script type="application/json">{"url":"/api/posts"}</script>',
    ].join('')
    expect(htmlWithBase(html, '/blog')).toBe(html)
  })

  it('rewrites only the address-valued meta elements and the meta refresh', () => {
    const html =
      '<meta name="description" content="/not an address"><meta property="og:image" content="/og/x.png"><meta http-equiv="refresh" content="0; url=/posts/x">'
    expect(htmlWithBase(html, '/b')).toBe(
      '<meta name="description" content="/not an address"><meta property="og:image" content="/b/og/x.png"><meta http-equiv="refresh" content="0; url=/b/posts/x">',
    )
  })

  it("moves the root-relative url()s of a page's inlined styles under the base, and no other", () => {
    const css =
      '@font-face{font-family:F;src:url(/assets/f.woff2)format("woff2")}.a{background:url("/media/a.png")}.b{background:url(data:image/png;base64,AA==)}.c{background:url(//cdn.example/c.png)}'
    expect(htmlWithBase(`<style>${css}</style>`, '/blog')).toBe(
      '<style>@font-face{font-family:F;src:url(/blog/assets/f.woff2)format("woff2")}.a{background:url("/blog/media/a.png")}.b{background:url(data:image/png;base64,AA==)}.c{background:url(//cdn.example/c.png)}</style>',
    )
    // an essay's code sample that shows CSS is text, not styles
    const sample = '<pre><code>.a{background:url(/media/a.png)}</code></pre>'
    expect(htmlWithBase(sample, '/blog')).toBe(sample)
  })

  it('changes nothing at the root of the host', () => {
    expect(htmlWithBase('<a href="/x">x</a>', '')).toBe('<a href="/x">x</a>')
    expect(withBase('/x', '')).toBe('/x')
  })
})

describe('the public address', () => {
  it('normalises --base', () => {
    expect(normalizeBase(undefined)).toBe('')
    expect(normalizeBase('/')).toBe('')
    expect(normalizeBase('blog/')).toBe('/blog')
    expect(normalizeBase('/a//b/')).toBe('/a/b')
    for (const bad of ['/../x', '/a b', '/a?x=1', '/a#b']) expect(() => normalizeBase(bad), bad).toThrow(/--base/)
  })

  it('takes the sub-path from either flag, and refuses two different ones', () => {
    expect(resolvePublicAddress('https://h.org', '/blog')).toEqual({ siteUrl: 'https://h.org/blog', base: '/blog' })
    expect(resolvePublicAddress('https://h.org/blog', undefined)).toEqual({
      siteUrl: 'https://h.org/blog',
      base: '/blog',
    })
    expect(resolvePublicAddress('https://h.org/blog', '/blog/')).toEqual({
      siteUrl: 'https://h.org/blog',
      base: '/blog',
    })
    expect(resolvePublicAddress('https://h.org', undefined)).toEqual({ siteUrl: 'https://h.org', base: '' })
    expect(() => resolvePublicAddress('https://h.org/blog', '/other')).toThrow(/does not match/)
  })
})
