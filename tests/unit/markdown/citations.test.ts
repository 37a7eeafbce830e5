import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseBibliography } from '../../../src/importer/bibliography/parse-bibliography.js'
import { referenceId } from '../../../src/markdown/citations/reference-id.js'
import { renderMarkdown } from '../../../src/markdown/index.js'
import type { RenderContext } from '../../../src/markdown/index.js'
import { projectRoot } from '../../helpers/temp-dir.js'

const bibPath = join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib')
const entries = parseBibliography(bibPath, readFileSync(bibPath, 'utf8')).entries
const bibliography = new Map(entries.map((e) => [e.id, e]))
const render = (md: string, extra: Partial<RenderContext> = {}) => renderMarkdown(md, { bibliography, ...extra })
/** Visible text of the body (the references list and tags dropped). */
const prose = (html: string) =>
  html
    .replace(/<section class="references"[\s\S]*<\/section>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x26;|&amp;/g, '&')

describe('citation syntaxes', () => {
  it('pandoc [@key] is a parenthetical mark linking to the entry', () => {
    const { html } = render('Transformers [@Vaswani.Shazeer.Parmar.ea.2017] work.')
    expect(html).toContain(
      '<span class="citation-group">(<a class="citation" href="#ref-Vaswani.Shazeer.Parmar.ea.2017" role="doc-biblioref" data-cite="Vaswani.Shazeer.Parmar.ea.2017">Vaswani et al., 2017</a>)</span>',
    )
  })

  it('pandoc groups keep prefixes, locators and the order written', () => {
    const { html } = render('As argued [see @goodfellow2016, p. 3; @he:resnet].')
    expect(prose(html)).toContain('As argued (see Goodfellow et al., 2016, p. 3; He & Zhang, 2016).')
  })

  it('a bare @key is narrative when the key is in the bibliography; e-mails and handles stay as written', () => {
    const { html } = render('@goodfellow2016 wrote a book. Mail me at me@example.org or ping @octocat.')
    expect(prose(html)).toContain('Goodfellow et al. (2016) wrote a book. Mail me at me@example.org or ping @octocat.')
    expect(html).toContain('href="#ref-goodfellow2016"')
  })

  it('reads keys with letters beyond ASCII, as pandoc does ([@Hernán2009], causal-inference-in-R)', () => {
    const hernan = {
      id: 'Hernán2009',
      type: 'article-journal' as const,
      title: 'Bias',
      author: [{ family: 'Hernán', given: 'M. A.' }],
      issued: { 'date-parts': [[2009]] },
    }
    const { html, warnings } = renderMarkdown('Biases behave [@Hernán2009].', {
      bibliography: new Map([['Hernán2009', hernan]]),
    })
    expect(prose(html)).toContain('Biases behave (Hernán, 2009).')
    expect(warnings.filter((w) => w.rule === 'unknown-citation')).toEqual([])
  })

  it('[-@key] suppresses the author', () => {
    expect(prose(render('Goodfellow and colleagues [-@goodfellow2016] say so.').html)).toContain(
      'Goodfellow and colleagues (2016) say so.',
    )
  })

  it('links written as [@name](url) or [@name] with a definition stay links', () => {
    const { html } = render(
      'By [@octocat](https://github.com/octocat) and [@mona].\n\n[@mona]: https://github.com/mona',
    )
    expect(html).toContain('<a href="https://github.com/octocat"')
    expect(html).toContain('<a href="https://github.com/mona"')
    expect(html).not.toContain('citation')
  })

  it('distill <d-cite key="a,b"> cites both keys', () => {
    const { html } = render('Deep nets <d-cite key="goodfellow2016,he:resnet"></d-cite> are deep.')
    expect(prose(html)).toContain('Deep nets (Goodfellow et al., 2016; He & Zhang, 2016) are deep.')
  })

  it('a citation right after __bold__ or _emphasis_ leaves both read, as markdown reads <d-cite> (ICLR blog posts)', () => {
    const k = 'Vaswani.Shazeer.Parmar.ea.2017'
    const { html } = render(
      `__Demographic parity__<d-cite key="${k}"></d-cite> requires; _odds_<d-cite key="${k}"></d-cite>, ` +
        `[@${k}]__after__ and __[@${k}]__.`,
    )
    const mark = `<span class="citation-group">(<a class="citation" href="#ref-${k}"`
    expect(html).toContain(`<strong>Demographic parity</strong>${mark}`)
    expect(html).toContain(`<em>odds</em>${mark}`)
    expect(html).toContain('</span><strong>after</strong>')
    expect(html).toContain(`<strong>${mark}`)
    expect(prose(html)).not.toMatch(/__|_odds_|[\u2E1C\u2E1D\uE000-\uE002]/)
  })

  it('d2l :cite: is parenthetical and :citet: narrative', () => {
    const { html } = render(
      'Attention :cite:`Vaswani.Shazeer.Parmar.ea.2017,goodfellow2016`, as :citet:`he:resnet` showed.',
    )
    expect(prose(html)).toContain(
      'Attention (Vaswani et al., 2017; Goodfellow et al., 2016), as He & Zhang (2016) showed.',
    )
  })

  it('jekyll-scholar {% cite a b %} cites both, with a locator', () => {
    expect(
      prose(render('See {% cite goodfellow2016 he:resnet %} and {% cite goodfellow2016 --locator 23 %}.').html),
    ).toContain('See (Goodfellow et al., 2016; He & Zhang, 2016) and (Goodfellow et al., 2016, 23).')
  })

  it('leaves code and math alone', () => {
    const { html } = render(
      'Code `[@goodfellow2016]` and $@goodfellow2016$.\n\n```\n:cite:`goodfellow2016` {% cite x %}\n```',
    )
    expect(html).toContain('<code>[@goodfellow2016]</code>')
    expect(html).toContain(':cite:`goodfellow2016` {% cite x %}')
    expect(html).not.toContain('class="citation')
  })
})

describe('unknown keys', () => {
  it('show as [?key] and are warnings', () => {
    const { html, warnings } = render('Known [@goodfellow2016; @nobody2020] and :cite:`missing.2001`.')
    expect(html).toContain('<span class="citation citation-unknown" data-cite="nobody2020">[?nobody2020]</span>')
    expect(prose(html)).toContain('and [?missing.2001].')
    expect(warnings.map((w) => w.rule)).toEqual(['unknown-citation', 'unknown-citation'])
    expect(warnings[0].message).toContain('nobody2020')
  })

  it('are warnings too when the essay has no bibliography at all', () => {
    const { html, warnings } = renderMarkdown('Cited [@alone].')
    expect(html).toContain('[?alone]')
    expect(warnings[0]).toMatchObject({ rule: 'unknown-citation' })
  })
})

describe('references list', () => {
  const md = 'First :cite:`he:resnet`, then [@goodfellow2016] and again [@he:resnet].'

  it('lists the cited entries at the end, formatted in APA, with DOI and URL links', () => {
    const { html, references } = render(md)
    expect(references.map((r) => r.id)).toEqual(['he:resnet', 'goodfellow2016'])
    const list = html.slice(html.indexOf('<section class="references"'))
    expect(list).toMatch(
      /^<section class="references" id="references" role="doc-bibliography"[^>]*><h2 id="references-heading">References<\/h2><ol[^>]*>/,
    )
    // APA sorts by author: Goodfellow before He.
    expect(list.indexOf('id="ref-goodfellow2016"')).toBeLessThan(list.indexOf('id="ref-he:resnet"'))
    expect(list).toContain('Goodfellow, I., Bengio, Y., &#x26; Courville, A. (2016). <i>Deep Learning</i>. MIT Press.')
    expect(list).toContain(
      '<a href="https://doi.org/10.1000/xyz123" rel="noopener noreferrer">https://doi.org/10.1000/xyz123</a>',
    )
    expect(list).toContain('<a href="https://www.deeplearningbook.org" rel="noopener noreferrer">')
    expect(list).not.toContain('Vaswani')
  })

  it('does not count in the plain text or the reading time', () => {
    const { plainText } = render(md)
    expect(plainText).toContain('First (He & Zhang, 2016), then (Goodfellow et al., 2016)')
    expect(plainText).not.toContain('MIT Press')
  })

  it('goes where {% bibliography %} asks for it', () => {
    const { html } = render(`Text [@goodfellow2016].\n\n## Sources\n\n{% bibliography %}\n\n## Appendix\n\nMore.`)
    expect(html).toMatch(
      /<h2 id="sources">Sources<\/h2>\n<section class="references"[\s\S]*<\/section>\n<h2 id="appendix">/,
    )
    expect(html.match(/class="references"/g)).toHaveLength(1)
  })

  it('numbers citations in order of first citation in the numeric style', () => {
    const { html } = render(`${md} @goodfellow2016 agrees.`, { citationStyle: 'numeric' })
    expect(prose(html)).toContain('First [1], then [2] and again [1]. Goodfellow et al. [2] agrees.')
    const list = html.slice(html.indexOf('<section class="references"'))
    expect(list.indexOf('id="ref-he:resnet"')).toBeLessThan(list.indexOf('id="ref-goodfellow2016"'))
  })
})

describe('reference ids', () => {
  it('keep readable keys and encode the rest one way', () => {
    expect(referenceId('Vaswani.Shazeer.Parmar.ea.2017')).toBe('ref-Vaswani.Shazeer.Parmar.ea.2017')
    expect(referenceId('doe:2020')).toBe('ref-doe:2020')
    expect(referenceId('a b/c')).toBe('ref-a~20~b~2f~c')
    expect(referenceId('a~20~b')).not.toBe(referenceId('a b'))
  })
})

describe('the references list in the contents, and warnings as the file’s messages', () => {
  it('lists References in the table of contents after the essay’s sections, when something is cited', () => {
    const { toc } = render('## Method\n\nTransformers [@Vaswani.Shazeer.Parmar.ea.2017] work.\n\n### Details\n\nMore.')
    expect(toc.map((t) => [t.depth, t.text, t.id])).toEqual([
      [2, 'Method', 'method'],
      [3, 'Details', 'details'],
      [2, 'References', 'references-heading'],
    ])
    expect(render('## Method\n\nNothing cited.').toc.map((t) => t.text)).toEqual(['Method'])
  })

  it('reports an unknown key once, with its rule, however often it is cited', () => {
    const { warnings } = render('See [@nobody.1999] and again [@nobody.1999].')
    expect(warnings).toEqual([
      { rule: 'unknown-citation', message: 'Citation key "nobody.1999" is not in the essay\'s bibliography' },
    ])
  })
})
