import { describe, expect, it } from 'vitest'
import { preprocess, renderMarkdown } from '../../../src/markdown/index.js'

/** Visible text of rendered HTML (tags dropped), to look for stray syntax. */
const visible = (html: string): string =>
  html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '').replace(/<[^>]+>/g, '')

describe('front matter', () => {
  it('ignores YAML, TOML and Franklin @def metadata left at the top', () => {
    expect(visible(renderMarkdown('---\ntitle: "T"\nsources:\n  - a\n---\n\nBody.').html).trim()).toBe('Body.')
    expect(visible(renderMarkdown('+++\ntitle = "T"\n+++\n\nBody.').html).trim()).toBe('Body.')
    const franklin =
      '<!--\na note\n-->\n\n@def title = "T"\n@def rss = """multi\nline"""\n@def x = 1\n\n+++\nbase = "/assets/b/"\n+++\n\n![p]({{base}}p.png)'
    expect(renderMarkdown(franklin).html).toBe(
      '<figure><img src="/assets/b/p.png" alt="p" loading="lazy" decoding="async"><figcaption>p</figcaption></figure>',
    )
  })

  it('keeps a thematic break that is not front matter', () => {
    expect(renderMarkdown('Text\n\n---\n\nMore').html).toContain('<hr>')
  })
})

describe('Jekyll / Liquid', () => {
  it('removes tags and outputs outside code, keeps them in code', () => {
    const md =
      '{% include toc.html %}\n\nHello {{ page.title }} world{% comment %}x{% endcomment %}.\n\n`{{ kept }}`\n\n```\n{% kept %}\n```'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<p>Hello  world.</p>')
    expect(html).not.toContain('include')
    expect(html).toContain('<code>{{ kept }}</code>')
    expect(html).toContain('{% kept %}')
  })

  it('turns {% highlight %} blocks into code blocks and drops comment blocks', () => {
    const md =
      '{% highlight ruby %}\ndef x; {{ y }}; end\n{% endhighlight %}\n\n{% comment %}\nsecret\n{% endcomment %}\n\nEnd.'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<pre><code class="hljs language-ruby">')
    expect(visible(html)).toContain('{{ y }}')
    expect(html).not.toContain('secret')
  })
})

describe('d2l-book', () => {
  const page = [
    '```{.python .input  n=1}',
    '%load_ext d2lbook.tab',
    "tab.interact_select(['mxnet', 'pytorch', 'tensorflow'])",
    '```',
    '',
    '# Softmax Regression',
    ':label:`sec_softmax`',
    '',
    'As shown in :numref:`fig_net` and :numref:`sec_softmax`, unlike :numref:`sec_linear_concise`',
    'and :ref:`chap_intro` :cite:`Bishop.2006,Murphy.2012`; :citet:`Vapnik.1998` said',
    'that :eqref:`eq_softmax` holds.',
    '',
    '![The network](../img/softmaxreg.svg)',
    ':width:`400px`',
    ':label:`fig_net`',
    '',
    '$$\\hat{y} = \\mathrm{softmax}(o)$$',
    ':eqlabel:`eq_softmax`',
    '',
    ':begin_tab:`mxnet`',
    'MXNet prose.',
    ':end_tab:',
    '',
    ':begin_tab:`pytorch`',
    'PyTorch prose.',
    ':end_tab:',
    '',
    '```{.python .input}',
    '%%tab mxnet',
    'from mxnet import np',
    '```',
    '',
    '```{.python .input}',
    '%%tab pytorch',
    'import torch',
    '```',
    '',
    '```{.python .input}',
    '%%tab all',
    'print(1)',
    '```',
    '',
    '```{.python .input}',
    '#@tab tensorflow',
    'import tensorflow',
    '```',
    '',
    '```toc',
    ':maxdepth: 2',
    '',
    'softmax-regression',
    '```',
  ].join('\n')

  it('renders references, citations and labels, and keeps the PyTorch tabs only', () => {
    const { html, toc } = renderMarkdown(page)
    const text = visible(html)
    for (const stray of [
      ':label:',
      ':numref:',
      ':ref:',
      ':eqref:',
      ':cite',
      ':width:',
      ':eqlabel:',
      ':begin_tab:',
      ':end_tab:',
      '%%tab',
      '#@tab',
      '{.python',
      'd2lbook',
      'interact_select',
      'maxdepth',
    ]) {
      expect(text).not.toContain(stray)
    }
    expect(toc).toEqual([{ depth: 1, text: 'Softmax Regression', id: 'user-content-sec_softmax' }])
    expect(html).toContain(
      'As shown in <a href="#user-content-fig_net">Figure 1</a> and <a href="#user-content-sec_softmax">Softmax Regression</a>, unlike <a href="#sec_linear_concise" data-xref="label:sec_linear_concise">Section “linear concise”</a>',
    )
    // Without a bibliography the keys stay visible, marked unknown (tests/unit/markdown/citations.test.ts).
    expect(text).toContain('and Chapter “intro” [?Bishop.2006] [?Murphy.2012]; [?Vapnik.1998] said')
    expect(text).toContain('that (1) holds.')
    expect(html).toContain(
      '<figure><a id="user-content-fig_net"></a><img src="../img/softmaxreg.svg" alt="The network" loading="lazy" decoding="async"><figcaption><span class="caption-number">Figure 1:</span> The network</figcaption></figure>',
    )
    expect(html).toContain('class="tag"')
    expect(text).toContain('PyTorch prose.')
    expect(text).not.toContain('MXNet prose.')
    expect(html).toContain('<code class="hljs language-python"><span class="hljs-keyword">import</span> torch')
    expect(text).toContain('print(1)')
    expect(text).not.toContain('mxnet import')
    expect(text).not.toContain('import tensorflow')
  })

  it('removes d2l slide marks: [**x**] and (**x**) keep their text, [~~x~~] is slide-only', () => {
    const md =
      '## [**Defining the Model**]\n:label:`sec_model`\n\nWe (**run a quick test**)[~~ on slides~~] and [**see**](https://d2l.ai).'
    const { html, toc } = renderMarkdown(md)
    expect(toc).toEqual([{ depth: 2, text: 'Defining the Model', id: 'user-content-sec_model' }])
    expect(html).toContain(
      '<p>We run a quick test and <a href="https://d2l.ai" rel="noopener noreferrer"><strong>see</strong></a>.</p>',
    )
    // Elsewhere the same characters are ordinary markdown.
    expect(renderMarkdown('Plain (**bold**).').html).toBe('<p>Plain (<strong>bold</strong>).</p>')
  })

  it('keeps the first framework on a page without PyTorch', () => {
    const md = ':begin_tab:`jax`\nJAX prose.\n:end_tab:\n\n:begin_tab:`tensorflow`\nTF prose.\n:end_tab:'
    const text = visible(renderMarkdown(md).html)
    expect(text).toContain('JAX prose.')
    expect(text).not.toContain('TF prose.')
  })
})

describe('Franklin', () => {
  it('renders raw HTML blocks, divs, \\fig and drops \\toc, @def and {{…}}', () => {
    const md = [
      '@def title = "x"',
      '',
      '\\toc',
      '',
      '~~~',
      '<div class="banner"><b>Raw</b> block</div>',
      '',
      '    <i>indented</i>',
      '~~~',
      '',
      'Inline ~~~<strong>raw</strong>~~~ html and {{fill author}} here.',
      '',
      '@@note,wide',
      '**Box** with `code`.',
      '@@',
      '',
      '\\fig{/assets/a.png} \\figalt{An alt}{/assets/b.png}',
      '',
      '\\\\',
      '',
      '{{about_the_author}}',
    ].join('\n')
    const { html } = renderMarkdown(md)
    const text = visible(html)
    for (const stray of ['\\toc', '@def', '~~~', '@@', '{{', '\\fig', '\\\\']) expect(text).not.toContain(stray)
    expect(html).toContain('<div><b>Raw</b> block</div>')
    expect(html).not.toContain('class=""')
    expect(html).toContain('<i>indented</i>')
    expect(html).not.toContain('<pre>')
    expect(html).toContain('Inline <strong>raw</strong> html and  here.')
    expect(html).toContain('<div class="md-note md-wide">\n<p><strong>Box</strong> with <code>code</code>.</p>\n</div>')
    expect(html).toContain('<img src="/assets/a.png" alt="" loading="lazy" decoding="async">')
    expect(html).toContain('<img src="/assets/b.png" alt="An alt" loading="lazy" decoding="async">')
  })

  it('keeps a div under a footnote inside the footnote', () => {
    const md =
      'Text[^n].\n\n[^n]: ~~~<h4>~~~Title~~~</h4>~~~\n@@long-footnote\n   First paragraph.\n\n   Second paragraph.\n@@\n'
    const { html } = renderMarkdown(md)
    const footnotes = html.slice(html.indexOf('<section'))
    expect(footnotes).toContain('<h4')
    expect(footnotes).toContain('First paragraph.')
    expect(footnotes).toContain('Second paragraph.')
    expect(visible(html)).not.toContain('@@')
  })

  it('leaves ~~~ code fences with a language alone', () => {
    const { html } = renderMarkdown('~~~julia\nx = "<b>not html</b>"\n~~~')
    expect(html).toContain(
      '<pre><code class="hljs language-julia">x = <span class="hljs-string">"&#x3C;b>not html&#x3C;/b>"</span>',
    )
  })

  it('leaves @@ lines inside code (diff hunks) alone', () => {
    const { html } = renderMarkdown('```diff\n@@ -1,2 +1,2 @@\n-a\n+b\n```')
    expect(visible(html)).toContain('@@ -1,2 +1,2 @@')
  })
})

describe('preprocess', () => {
  it('never touches code blocks, indented code or code spans', () => {
    const md =
      'Text ``{{x}} :numref:`y` `` and `\\(a\\)`.\n\n    {{ indented }} \\toc\n    :label:`z`\n\n```\n{% raw %} \\(b\\) :cite:`c`\n```'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<code>{{x}} :numref:`y` </code>')
    expect(html).toContain('<code>\\(a\\)</code>')
    expect(html).toContain('<pre><code>{{ indented }} \\toc\n:label:`z`\n</code></pre>')
    expect(html).toContain('{% raw %} \\(b\\) :cite:`c`')
  })

  it('never touches code fenced inside block quotes and list items', () => {
    const { html } = renderMarkdown('> ```\n> {{ x }} \\(y\\) :cite:`k`\n> ```\n\n- ```\n  {{ q }} \\toc\n  ```\n')
    expect(html).toContain('<blockquote>\n<pre><code>{{ x }} \\(y\\) :cite:`k`\n</code></pre>\n</blockquote>')
    expect(html).toContain('<li>\n<pre><code>{{ q }} \\toc\n</code></pre>\n</li>')
  })

  it('keeps list items with indented paragraphs as prose', () => {
    const { html } = renderMarkdown('1. Item with $x$\n\n    continued with \\(y\\) {{ gone }}\n\n2. Next')
    expect(html).not.toContain('<pre>')
    expect(html.split('class="katex"').length - 1).toBe(2)
    expect(html).not.toContain('gone')
  })

  it('normalises line endings and shows an unclosed $$ as written', () => {
    const { html } = renderMarkdown('A\r\n\r\n$$ x = 1\r\n\r\nB')
    expect(html).toContain('<p>A</p>')
    expect(html).toContain('$$ x = 1')
    expect(html).toContain('<p>B</p>')
  })

  it('returns stash entries for the markers it writes', () => {
    const out = preprocess('$a$ and\n\n```\ncode\n```')
    expect(out.stash).toEqual(['a', 'code'])
    expect(out.markdown).not.toContain('code\n')
  })
})

describe('Jekyll/kramdown line breaks', () => {
  it('reads the paragraph after a `<br>` line as markdown, as kramdown does (statproofbook)', () => {
    const { html } = renderMarkdown(
      'A first step.\n\n<br>\nWhen [deriving the posterior](/P/blr-post) $p(y)$ is used.\n',
    )
    expect(html).toContain('<br>\n<p>When <a href="/P/blr-post"')
    expect(html).not.toContain('[deriving the posterior]')
    expect(html).toContain('class="katex"')
  })
})

describe('d2l tables of contents', () => {
  it('turns a chapter’s toc block into its list of pages, linked for the site to resolve', () => {
    const { html } = renderMarkdown('# Optimization\n\n```toc\n:maxdepth: 2\n\noptimization-intro\ngd\n```\n')
    expect(html).toContain(
      '<li><a href="optimization-intro.md" data-xref="file:optimization-intro.md">optimization-intro</a></li>',
    )
    expect(html).toContain('<li><a href="gd.md" data-xref="file:gd.md">gd</a></li>')
    expect(html).not.toContain('maxdepth')
  })
})

describe('Quarto cross-references', () => {
  it('numbers labelled figures and equations and links @fig-, @eq- and @sec- references to them', () => {
    const md =
      '## Introduction {#sec-intro}\n\nAs @fig-plot shows and @eq-model states (see @sec-intro); mail me@fig-plot.com.\n\n![The loss falls.](plot.png){#fig-plot width=80%}\n\n$$\ny = ax + b\n$$ {#eq-model}\n\n$$ z = 1 $$ {#eq-one}\n\nAnd @eq-one.\n'
    const { html, anchors } = renderMarkdown(md)
    expect(html).toContain(
      'As <a href="#user-content-fig-plot">Figure 1</a> shows and <a href="#user-content-eq-eq-model">(1)</a> states (see <a href="#user-content-sec-intro">Introduction</a>)',
    )
    expect(html).toContain('<a href="mailto:me@fig-plot.com">')
    expect(html).toContain('And <a href="#user-content-eq-eq-one">(2)</a>.')
    expect(html).toContain('id="user-content-fig-plot"')
    expect(html).not.toMatch(/\{#(?:fig|eq)-/)
    // Quarto's figures are numbered in the tree (dialects/pandoc), whose anchors come first.
    expect(anchors.map((a) => [a.key, a.kind, a.number ?? null])).toEqual([
      ['fig-plot', 'figure', '1'],
      ['sec-intro', 'section', null],
      ['eq-model', 'equation', '1'],
      ['eq-one', 'equation', '2'],
    ])
  })
})
