import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

// The three ways quarto-web's docs/authoring/cross-references.qmd and cross-references-divs.qmd
// make a code listing others refer to (quarto-dev/quarto-web, CC BY).
const page = [
  '```{#lst-customers .sql lst-cap="Customers Query"}',
  'SELECT * FROM Customers',
  '```',
  '',
  'Then we query the customers database (@lst-customers).',
  '',
  '```{python}',
  '#| lst-label: lst-import',
  '#| lst-cap: Import pyplot',
  '',
  'import matplotlib.pyplot as plt',
  '```',
  '',
  '@lst-import shows the import.',
  '',
  '::: {#lst-assign}',
  '',
  '```{r}',
  'x <- 1',
  '```',
  '',
  'Assignment in R',
  '',
  ':::',
  '',
  'See @lst-assign.',
  '',
  '```{#plain .python}',
  'print(1)',
  '```',
].join('\n')

describe('Quarto code listings', () => {
  const { html, warnings, anchors } = renderMarkdown(page, { sourceExtension: '.qmd' })
  const text = shownText(html)

  it('numbers each listing with its caption above its highlighted code, however it was written', () => {
    expect(text).toMatch(/Listing 1: Customers Query\s*SELECT \* FROM Customers/)
    expect(text).toMatch(/Listing 2: Import pyplot\s*import matplotlib/)
    expect(text).toMatch(/Listing 3: Assignment in R\s*x\s/)
    expect(html).toContain('<code class="hljs language-sql"><span class="hljs-keyword">SELECT</span>')
    expect(text).not.toMatch(/lst-cap|#\||\{#/)
  })

  it('resolves @lst- references to their number, and lets other posts link to them by name', () => {
    expect(html).toContain('(<a href="#user-content-lst-customers">Listing 1</a>)')
    expect(html).toContain('<a href="#user-content-lst-import">Listing 2</a> shows the import')
    expect(html).toContain('See <a href="#user-content-lst-assign">Listing 3</a>.')
    expect(warnings).toEqual([])
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'lst-import', title: 'Listing 2', number: '2' }))
  })

  it('keeps a code block’s id as an anchor and its class as its language', () => {
    expect(html).toContain('<a id="user-content-plain"></a>')
    expect(html).toContain('<code class="hljs language-python"><span class="hljs-built_in">print</span>')
  })
})
