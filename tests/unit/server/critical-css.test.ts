import { describe, expect, it } from 'vitest'
import { indexCriticalCss } from '../../../src/server/ssr/critical-css.js'

const cut = (css: string, markup: string, folder = '/assets/') =>
  indexCriticalCss([{ css, folder }]).forMarkup(markup).css
const fontsOf = (css: string, markup: string) =>
  indexCriticalCss([{ css, folder: '/assets/' }]).forMarkup(markup).fontFiles

describe('the styles a page inlines', () => {
  it('keeps, in order, the rules whose classes, ids and elements the page has, and drops the rest', () => {
    const css =
      'body{margin:0}.card{padding:1em}.post-title{font-size:2em}#main h2{color:red}.modal{position:fixed}table.wide td{padding:0}aside#toc{float:right}'
    const markup =
      '<html><body><main id="main"><h2 class="post-title">T</h2><div class="card big">x</div><table class="wide"><tr><td>1</td></tr></table></main></body></html>'
    expect(cut(css, markup)).toBe(
      'body{margin:0}.card{padding:1em}.post-title{font-size:2em}#main h2{color:red}table.wide td{padding:0}',
    )
  })

  it('keeps a rule when any selector of its list can match, with the whole list', () => {
    expect(cut('.absent,.present{color:red}.absent,.also-absent{color:blue}', '<p class="present">')).toBe(
      '.absent,.present{color:red}',
    )
  })

  it('never requires what a functional pseudo-class names, and keeps rules that need nothing', () => {
    const css =
      'p:not(.lead){margin:0}:is(.x,.y) p{color:red}:where(.z){color:blue}a:has(img){display:block}*{box-sizing:border-box}:root{--ink:#111}[hidden]{display:none}li::marker{color:gray}.q[data-x]:hover{color:red}'
    expect(cut(css, '<p>text</p>')).toBe(
      'p:not(.lead){margin:0}:is(.x,.y) p{color:red}:where(.z){color:blue}*{box-sizing:border-box}:root{--ink:#111}[hidden]{display:none}',
    )
    expect(cut('.q[data-x]:hover{color:red}li::marker{color:gray}', '<ul><li class="q">')).toBe(
      '.q[data-x]:hover{color:red}li::marker{color:gray}',
    )
  })

  it('keeps media, supports and layer blocks with only their kept rules, and drops the empty ones', () => {
    const css =
      '@layer base,app;@media (prefers-color-scheme:dark){:root{--ink:#eee}.modal{color:red}}@media print{.modal{display:none}}@supports (display:grid){.grid{display:grid}}@keyframes spin{to{transform:rotate(1turn)}}'
    expect(cut(css, '<div class="grid">')).toBe(
      '@layer base,app;@media (prefers-color-scheme:dark){:root{--ink:#eee}}@supports (display:grid){.grid{display:grid}}@keyframes spin{to{transform:rotate(1turn)}}',
    )
  })

  it("keeps every font face, used or not, with its files under the stylesheet's folder", () => {
    const css = [
      '@font-face{font-family:"Source Serif";src:url(./serif-A1.woff2)format("woff2")}',
      '@font-face{font-family:KaTeX_Main;src:url("./KaTeX_Main-B2.woff2")format("woff2")}',
      '.katex{font:normal 1.21em KaTeX_Main,serif}',
    ].join('')
    expect(cut(css, '<p>no math</p>', '/blog/assets/')).toBe(
      '@font-face{font-family:"Source Serif";src:url(/blog/assets/serif-A1.woff2)format("woff2")}@font-face{font-family:KaTeX_Main;src:url("/blog/assets/KaTeX_Main-B2.woff2")format("woff2")}',
    )
  })

  it('reads classes and ids in any quoting, element names in any case, and SVG', () => {
    const css = '.a{x:1}.b{x:2}#c{x:3}svg.icon{x:4}foreignobject{x:5}.d{x:6}'
    expect(
      cut(
        css,
        '<DIV class=\'a  b\'><span id=c></span><svg class="icon lucide"><foreignObject></foreignObject></svg></DIV>',
      ),
    ).toBe('.a{x:1}.b{x:2}#c{x:3}svg.icon{x:4}foreignobject{x:5}')
  })

  it('keeps a rule whose selector it cannot read, and a nested rule with its parent', () => {
    expect(cut('.a{color:red;&:hover{color:blue}}.b{color:red;.c &{color:blue}}', '<p class="b">')).toBe(
      '.b{color:red;.c &{color:blue}}',
    )
    expect(cut('.a:(x){color:red}', '<p>')).toBe('.a:(x){color:red}')
  })
})

describe('the font files a page asks for in its head', () => {
  const faces = [
    // A variable family split by script: only the Latin file is asked for.
    '@font-face{font-family:"Serif V";font-style:normal;font-weight:200 900;src:url(./serif-greek.woff2)format("woff2-variations");unicode-range:U+370-3FF}',
    '@font-face{font-family:"Serif V";font-style:normal;font-weight:200 900;src:url(./serif-latin.woff2)format("woff2-variations");unicode-range:U+??,U+131,U+2000-206F}',
    '@font-face{font-family:"Serif V";font-style:italic;font-weight:200 900;src:url(./serif-latin-italic.woff2)format("woff2-variations");unicode-range:U+0000-00FF}',
    '@font-face{font-family:"Sans V";font-style:normal;font-weight:100 900;src:url(./sans-latin.woff2)format("woff2");unicode-range:U+0000-00FF}',
    // One file per weight and style, no unicode-range, older formats after the WOFF2.
    '@font-face{font-family:KaTeX_Main;font-style:normal;font-weight:400;src:url(./KaTeX_Main-Regular.woff2)format("woff2"),url(./KaTeX_Main-Regular.woff)format("woff")}',
    '@font-face{font-family:KaTeX_Main;font-style:normal;font-weight:700;src:url(./KaTeX_Main-Bold.woff2)format("woff2")}',
    '@font-face{font-family:KaTeX_Main;font-style:italic;font-weight:400;src:url(./KaTeX_Main-Italic.woff2)format("woff2")}',
    '@font-face{font-family:KaTeX_Math;font-style:italic;font-weight:400;src:url(./KaTeX_Math-Italic.woff2)format("woff2")}',
    // A local stand-in has nothing to download.
    "@font-face{font-family:'Serif Fallback';src:local('Times New Roman');size-adjust:110%}",
  ].join('')
  const rules =
    ':root{--font-serif:"Serif V",\'Serif Fallback\',serif;--font-sans:"Sans V",system-ui}body{font-family:var(--font-sans)}.prose{font-family:var(--font-serif)}.prose blockquote{font-style:italic}'
  const katex =
    '.katex{font:normal 1.21em KaTeX_Main,Times New Roman,serif}.katex .mathnormal{font-family:KaTeX_Math;font-style:italic}.katex .mathbf{font-family:KaTeX_Main;font-weight:700}.katex .mathit{font-family:KaTeX_Main;font-style:italic}@media print{.katex .print-only{font-family:KaTeX_Main;font-weight:bold}}'
  const css = faces + rules + katex
  const page = (body: string) => `<html><head></head><body>${body}</body></html>`

  it('asks for the Latin file of each family its kept rules set text in, resolving custom properties', () => {
    expect(fontsOf(css, page('<nav>menu</nav>'))).toEqual(['/assets/sans-latin.woff2'])
    expect(fontsOf(css, page('<article class="prose"><p>text</p></article>'))).toEqual([
      '/assets/sans-latin.woff2',
      '/assets/serif-latin.woff2',
    ])
  })

  it("asks for the formulas' fonts by the classes KaTeX gave them: family, weight and style", () => {
    const math = '<span class="katex"><span class="mord mathnormal">x</span><span class="mord mathbf">A</span></span>'
    expect(fontsOf(css, page(math))).toEqual([
      '/assets/sans-latin.woff2',
      '/assets/KaTeX_Main-Regular.woff2',
      '/assets/KaTeX_Math-Italic.woff2',
      '/assets/KaTeX_Main-Bold.woff2',
    ])
  })

  it("asks for the text families' italic where the browser or a rule sets italic on inherited text, and not for print", () => {
    const serifItalic = '/assets/serif-latin-italic.woff2'
    expect(fontsOf(css, page('<div class="prose"><p>an <em>emphasised</em> word</p></div>'))).toContain(serifItalic)
    expect(fontsOf(css, page('<div class="prose"><blockquote>quoted</blockquote></div>'))).toContain(serifItalic)
    expect(fontsOf(css, page('<div class="prose"><p>plain</p></div>'))).not.toContain(serifItalic)
    // KaTeX's italic is its own rules' business: an <em> beside a formula does not ask for KaTeX_Main italic.
    expect(fontsOf(css, page('<em>a</em><span class="katex">x</span>'))).not.toContain(
      '/assets/KaTeX_Main-Italic.woff2',
    )
    expect(fontsOf(css, page('<span class="katex print-only">x</span>'))).not.toContain('/assets/KaTeX_Main-Bold.woff2')
  })
})
