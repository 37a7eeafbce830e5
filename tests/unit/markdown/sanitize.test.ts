import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'

/**
 * Every start tag of the output, with its attributes. Quoted attribute values are read as a
 * whole, so markup-looking text inside one (inert) is not taken for a tag.
 */
const TAG = /<[a-zA-Z][^\s/>]*(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g
const tags = (html: string): string[] => html.match(TAG) ?? []

const ATTRIBUTE = /\s([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data'])

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
}

/** Fails if anything in `html` could run script. */
function expectInert(html: string): void {
  for (const tag of tags(html)) {
    expect(tag, tag).not.toMatch(
      /^<(?:script|iframe|object|embed|frame|base|meta|link|form|style|foreignObject|use|animate|set)\b/i,
    )
    for (const m of tag.slice(1).matchAll(ATTRIBUTE)) {
      const name = m[1].toLowerCase()
      // Browsers ignore whitespace and control characters inside a URL scheme.
      const value = [...decode(m[2] ?? m[3] ?? m[4] ?? '')]
        .filter((ch) => ch.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase()
      expect(name, tag).not.toMatch(/^on/)
      if (URL_ATTRIBUTES.has(name)) expect(value, tag).not.toMatch(/^(?:javascript|vbscript|data):/)
      if (name === 'style') expect(value, tag).not.toMatch(/expression|url\(|javascript/)
    }
  }
}

const VECTORS: Record<string, string> = {
  'script block': '<script>alert(1)</script>',
  'script inline': 'text <script>alert(1)</script> more',
  'img onerror': '<img src=x onerror=alert(1)>',
  'img onerror inline': 'a <img src=x onerror="alert(1)"> b',
  'markdown javascript link': '[x](javascript:alert(1))',
  'markdown javascript link, odd case': '[x](JaVaScRiPt:alert(1))',
  'markdown javascript link, entity-encoded': '[x](&#106;avascript:alert(1))',
  'markdown javascript image': '![x](javascript:alert(1))',
  'reference link': '[x][r]\n\n[r]: javascript:alert(1)',
  autolink: '<javascript:alert(1)>',
  'html javascript link': '<a href="javascript:alert(1)">x</a>',
  'html javascript link, spaced and encoded': '<a href="  &#106;ava&#x09;script:alert(1)">x</a>',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'data link': '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  'svg onload': '<svg onload=alert(1)><circle r="4"/></svg>',
  'svg script': '<svg><script>alert(1)</script></svg>',
  'svg link': '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  'svg animate': '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  'svg use': '<svg><use href="data:image/svg+xml,<svg onload=alert(1)>"/></svg>',
  'svg foreignObject': '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
  iframe: '<iframe src="https://example.com"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  object: '<object data="javascript:alert(1)"></object>',
  embed: '<embed src="javascript:alert(1)">',
  form: '<form action="javascript:alert(1)"><button>x</button></form>',
  'details ontoggle': '<details open ontoggle=alert(1)><summary>s</summary></details>',
  'input onfocus': '<input autofocus onfocus=alert(1)>',
  'style attribute': '<div style="background:url(javascript:alert(1))">x</div>',
  'style element': '<style>body{background:url(javascript:alert(1))}</style>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  mxss: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  'noscript mxss': '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  'franklin raw block': '~~~\n<img src=x onerror=alert(1)><script>alert(1)</script>\n~~~',
  'franklin inline raw': 'a ~~~<a href="javascript:alert(1)" onclick="alert(1)">x</a>~~~ b',
  'franklin div class': '@@x" onclick="alert(1)\ntext\n@@',
  'franklin variable': '@def base = "javascript:alert(1)"\n\n[x]({{base}})',
  'd2l label': '# T\n:label:`x"><img src=x onerror=alert(1)>`\n\n![f](a.png)\n:label:`y"><script>alert(1)</script>`',
  'heading id': '# T {#x" onmouseover="alert(1)}',
  'katex href': '$\\href{javascript:alert(1)}{x}$ and $\\url{javascript:alert(2)}$',
  'katex html extensions':
    '$\\htmlClass{x}{y} \\htmlData{onclick=alert(1)}{z} \\htmlStyle{background:url(javascript:alert(1))}{w}$',
  'code fence info': '```js" onmouseover="alert(1)\nx\n```',
}

describe('sanitising', () => {
  it('has a checker that catches script (so the cases below mean something)', () => {
    expect(() => expectInert('<img src=x onerror=alert(1)>')).toThrow()
    expect(() => expectInert('<a href="java&#x09;script:alert(1)">x</a>')).toThrow()
    expect(() => expectInert('<p><script>alert(1)</script></p>')).toThrow()
    expect(() => expectInert('<p title="<img src=x onerror=alert(1)>">x</p>')).not.toThrow()
  })

  for (const [name, markdown] of Object.entries(VECTORS)) {
    it(`neutralises ${name}`, () => expectInert(renderMarkdown(markdown).html))
  }

  it('keeps safe links, images and markup', () => {
    const { html } = renderMarkdown(
      '[site](https://example.com) [rel](/D/anova1) [mail](mailto:a@b.c) ![pic](https://example.com/a.png "t")\n\n<details><summary>More</summary>\n\n*hidden*\n\n</details>\n\n<figure><img src="/a.png" alt="a"><figcaption>Cap</figcaption></figure>\n\nH<sub>2</sub>O x<sup>2</sup>',
    )
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>')
    // A site link may name another imported post: marked for the site to resolve when the page is read.
    expect(html).toContain('<a href="/D/anova1" data-xref="site:/D/anova1">rel</a>')
    expect(html).toContain('href="mailto:a@b.c"')
    expect(html).toContain('<img src="https://example.com/a.png" alt="pic" title="t" loading="lazy" decoding="async">')
    expect(html).toContain('<details><summary>More</summary>')
    expect(html).toContain('<em>hidden</em>')
    expect(html).toContain('<figcaption>Cap</figcaption>')
    expect(html).toContain('<sub>2</sub>')
    expect(html).toContain('<sup>2</sup>')
  })

  it('keeps tables, footnotes, task lists and highlighted code', () => {
    const { html } = renderMarkdown(
      '| a | b |\n|:--|--:|\n| 1 | 2 |\n\nNote[^n].\n\n[^n]: The note.\n\n- [x] done\n\n```python\ndef f(): return 1\n```\n',
    )
    expect(html).toContain('<th align="left">a</th>')
    expect(html).toContain('<a href="#user-content-fn-n" id="user-content-fnref-n" data-footnote-ref')
    expect(html).toContain('<li id="user-content-fn-n">')
    expect(html).toContain('href="#user-content-fnref-n"')
    expect(html).toContain('<input type="checkbox" checked disabled> done')
    expect(html).toContain('<code class="hljs language-python"><span class="hljs-keyword">def</span>')
  })

  it('highlights the languages of scientific writing too, named in any case: Julia, its REPL, LaTeX, MATLAB', () => {
    const { html } = renderMarkdown(
      [
        '```julia\nfunction f(x::Int)\n    return x + 1 # next\nend\n```',
        '```julia-repl\njulia> f(1)\n2\n```',
        '```Julia\nusing LinearAlgebra\n```',
        '```tex\n\\begin{equation} x \\end{equation}\n```',
        '```matlab\nfor k = 1:3\nend\n```',
        '```powershell\nWrite-Host "hi"\n```',
        '```cmd\nif exist out.txt echo done\n```',
        '```brainfun\n+++\n```',
        '```default\nplain {x}\n```',
        '```qmd\n## Title {#sec-x}\n```',
        '```dockerfile\nFROM node:20\n```',
      ].join('\n\n'),
    )
    expect(html).toContain(
      '<code class="hljs language-julia"><span class="hljs-keyword">function</span> f(x::<span class="hljs-built_in">Int</span>)',
    )
    expect(html).toContain('<span class="hljs-comment"># next</span>')
    // the prompt stands apart from the input, which is read as Julia
    expect(html).toContain(
      '<code class="hljs language-julia-repl"><span class="hljs-meta prompt_">julia></span><span class="julia"> f(<span class="hljs-number">1</span>)',
    )
    expect(html).toContain('<code class="hljs language-Julia"><span class="hljs-keyword">using</span> LinearAlgebra')
    expect(html).toContain('<code class="hljs language-tex"><span class="hljs-keyword">\\begin</span>')
    expect(html).toContain('<code class="hljs language-matlab"><span class="hljs-keyword">for</span>')
    // the Windows shells an install guide shows beside bash
    expect(html).toContain('<code class="hljs language-powershell"><span class="hljs-built_in">Write-Host</span>')
    expect(html).toContain('<code class="hljs language-cmd"><span class="hljs-keyword">if</span>')
    // a language highlight.js does not know stays plain text
    expect(html).toContain('<code class="hljs language-brainfun">+++')
    // Quarto's `default` is its name for "do not highlight"; a .qmd example reads as markdown
    expect(html).toContain('<code class="language-default">plain {x}')
    expect(html).toContain('<code class="hljs language-qmd"><span class="hljs-section">## Title {#sec-x}</span>')
    expect(html).toContain('<code class="hljs language-dockerfile"><span class="hljs-keyword">FROM</span>')
  })

  it('keeps inline SVG drawings, minus anything active', () => {
    const { html } = renderMarkdown(
      '~~~\n<svg width="60" viewBox="0 0 60 40"><defs><clipPath id="c"><rect width="60" height="40"/></clipPath></defs>\n\n<polygon clip-path="url(#c)" points="0,0 60,0 30,40" fill="#f00" onclick="alert(1)"/></svg>\n~~~',
    )
    expect(html).toContain('<svg width="60" viewBox="0 0 60 40">')
    expect(html).toContain('<clipPath id="user-content-c">')
    expect(html).toContain('<polygon clip-path="url(#user-content-c)" points="0,0 60,0 30,40" fill="#f00"></polygon>')
  })
})
