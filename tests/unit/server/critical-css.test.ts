import { describe, expect, it } from 'vitest'
import { indexCriticalCss } from '../../../src/server/ssr/critical-css.js'

const cut = (css: string, markup: string, folder = '/assets/') => indexCriticalCss([{ css, folder }]).forMarkup(markup)

describe('the styles a page inlines', () => {
  it('keeps, in order, the rules whose classes, ids and elements the page has, and drops the rest', () => {
    const css = 'body{margin:0}.card{padding:1em}.post-title{font-size:2em}#main h2{color:red}.modal{position:fixed}table.wide td{padding:0}aside#toc{float:right}'
    const markup = '<html><body><main id="main"><h2 class="post-title">T</h2><div class="card big">x</div><table class="wide"><tr><td>1</td></tr></table></main></body></html>'
    expect(cut(css, markup)).toBe('body{margin:0}.card{padding:1em}.post-title{font-size:2em}#main h2{color:red}table.wide td{padding:0}')
  })

  it('keeps a rule when any selector of its list can match, with the whole list', () => {
    expect(cut('.absent,.present{color:red}.absent,.also-absent{color:blue}', '<p class="present">')).toBe('.absent,.present{color:red}')
  })

  it('never requires what a functional pseudo-class names, and keeps rules that need nothing', () => {
    const css = 'p:not(.lead){margin:0}:is(.x,.y) p{color:red}:where(.z){color:blue}a:has(img){display:block}*{box-sizing:border-box}:root{--ink:#111}[hidden]{display:none}li::marker{color:gray}.q[data-x]:hover{color:red}'
    expect(cut(css, '<p>text</p>')).toBe('p:not(.lead){margin:0}:is(.x,.y) p{color:red}:where(.z){color:blue}*{box-sizing:border-box}:root{--ink:#111}[hidden]{display:none}')
    expect(cut('.q[data-x]:hover{color:red}li::marker{color:gray}', '<ul><li class="q">')).toBe('.q[data-x]:hover{color:red}li::marker{color:gray}')
  })

  it('keeps media, supports and layer blocks with only their kept rules, and drops the empty ones', () => {
    const css = '@layer base,app;@media (prefers-color-scheme:dark){:root{--ink:#eee}.modal{color:red}}@media print{.modal{display:none}}@supports (display:grid){.grid{display:grid}}@keyframes spin{to{transform:rotate(1turn)}}'
    expect(cut(css, '<div class="grid">')).toBe('@layer base,app;@media (prefers-color-scheme:dark){:root{--ink:#eee}}@supports (display:grid){.grid{display:grid}}@keyframes spin{to{transform:rotate(1turn)}}')
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
    expect(cut(css, "<DIV class='a  b'><span id=c></span><svg class=\"icon lucide\"><foreignObject></foreignObject></svg></DIV>")).toBe('.a{x:1}.b{x:2}#c{x:3}svg.icon{x:4}foreignobject{x:5}')
  })

  it('keeps a rule whose selector it cannot read, and a nested rule with its parent', () => {
    expect(cut('.a{color:red;&:hover{color:blue}}.b{color:red;.c &{color:blue}}', '<p class="b">')).toBe('.b{color:red;.c &{color:blue}}')
    expect(cut('.a:(x){color:red}', '<p>')).toBe('.a:(x){color:red}')
  })
})
