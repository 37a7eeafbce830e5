import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { labelText } from '../../../../src/xref/resolve-html.js'

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/dialects/quarto/${name}`, import.meta.url), 'utf8')
/** What a reader sees of raw pandoc syntax: none of it may be left. */
const RAW = /:::|\{#|\{\.|\[\?(?:thm|lem|fig)/

describe('pandoc fenced divs: Quarto callouts', () => {
  it('renders every callout of the Quarto docs as an aside with its title', () => {
    const { html } = renderMarkdown(fixture('callouts.qmd'))
    expect(html).not.toMatch(RAW)
    for (const kind of ['note', 'warning', 'important', 'tip', 'caution'])
      expect(html).toContain(`<div class="callout callout-${kind}">`)
    expect(html).toContain('<p class="callout-title">Tip With Title</p>')
    expect(html).toContain('<p class="callout-title">Caution: Expand To Learn About Collapse</p>')
    expect(html).toContain('<p class="callout-title">Note</p>')
  })

  it('takes the title attribute, and nests divs as pandoc does (any `:::` closes the innermost)', () => {
    const md =
      '::: {#outer}\n::: {.callout-tip title="Tip with Title"}\nInner *text*.\n:::\n\nStill outer.\n:::\n\nAfter.\n'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<p class="callout-title">Tip with Title</p>')
    expect(html).toContain('<p>Inner <em>text</em>.</p>')
    expect(html).toContain('<p>Still outer.</p>')
    expect(html).toContain('<p>After.</p>')
    expect(html).not.toMatch(RAW)
  })

  it('leaves MyST colon fences and fenced code alone', () => {
    const code = renderMarkdown('```markdown\n::: {.callout-note}\nx\n:::\n```\n').html
    expect(code).toContain('::: {.callout-note}')
    expect(code).not.toContain('callout-title')
  })

  it('shows the content of unknown divs without their classes, and drops content meant for other formats', () => {
    const md =
      '::: {.column-margin .my-thing}\nIn the margin.\n:::\n\n::: {.content-visible when-format="pdf"}\nPDF only.\n:::\n\n::: warning\nBare word.\n:::\n'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<p>In the margin.</p>')
    expect(html).not.toContain('PDF only')
    expect(html).toContain('Bare word.')
    expect(html).not.toMatch(/my-thing|:::/)
  })

  it('reads empty attributes, spaced or not, as a plain div (quarto-web’s `:::{}` around each picture)', () => {
    const md = '::: {.column-body-outset layout-ncol="2"}\n::: {}\nLeft.\n:::\n\n:::{}\nRight.\n:::\n:::\n\nAfter.\n'
    const { html } = renderMarkdown(md)
    expect(html).toMatch(/<p>Left\.<\/p>\s*<p>Right\.<\/p>\s*<p>After\.<\/p>/)
    expect(html).not.toContain(':::')
  })

  it('drops a closing fence with nothing to close', () => {
    expect(renderMarkdown('Text.\n:::\n\nMore.\n').html).not.toContain(':::')
  })

  // acederberg/quarto-maths labels each fence with a comment on its line; Quarto renders them as divs.
  it('opens and closes divs written after an HTML comment on the same line, at the start of the essay too', () => {
    const md = [
      '<!-- START COLUMNS ------------> ::::: { .columns }',
      '',
      '<!-- START COLUMN -------------> :::: { .column }',
      'Left *text*.',
      '<!-- STOP COLUMN --------------> ::::',
      '<!---------------------------------> ::: {.callout-note title="Inside"}',
      'Noted.',
      '<!---------------------------------> :::',
      '',
      '<!-- END COLUMNS --> :::::',
      '',
      'After.',
      '',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toMatch(
      /<p>Left <em>text<\/em>\.<\/p>[\s\S]*<p class="callout-title">Inside<\/p>\s*<p>Noted\.<\/p>\s*<\/div>\s*<p>After\.<\/p>/,
    )
    expect(html).not.toMatch(RAW)
    expect(renderMarkdown('Intro.\n\n' + md).html).not.toMatch(RAW)
  })

  it('reads fences inside a comment of several lines as commented out, as pandoc does', () => {
    const md = '::: {#outer}\n<!---\n\n::: {.callout-tip}\nHidden tip.\n:::\n\n--->\n\nStill outer.\n:::\n\nAfter.\n'
    const { html } = renderMarkdown(md)
    expect(html).not.toContain('Hidden tip')
    expect(html).toMatch(/<p>Still outer\.<\/p>\s*<p>After\.<\/p>/)
    expect(html).not.toMatch(RAW)
  })

  it('leaves a comment alone on its line, or followed by other text, as HTML', () => {
    const { html } = renderMarkdown('Text.\n\n<!-- just a note -->\n\n<!-- a --> not a fence\n\nEnd.\n')
    expect(html).toContain('<p>End.</p>')
    expect(html).not.toContain('just a note')
  })
})

describe('pandoc list tables (quarto-web’s docs/authoring/tables.qmd)', () => {
  const md = [
    '::: {.list-table}',
    '- - Fruit',
    '  - Price',
    '',
    '- - Apple',
    '  - 1.20',
    ':::',
    '',
    '::: {#tbl-functions .list-table header-rows="1"}',
    'Functions',
    '',
    '- - Function',
    '  - Description',
    '',
    '- - `sum()`',
    '  - Add values:',
    '',
    '    ```python',
    '    sum([1, 2, 3])',
    '    ```',
    ':::',
    '',
    'See @tbl-functions.',
  ].join('\n')
  const { html } = renderMarkdown(md)

  it('makes rows of the outer bullets and cells of the inner ones, the first row the head', () => {
    expect(html).toMatch(
      /<table>\s*<thead>\s*<tr>\s*<th>Fruit<\/th>\s*<th>Price<\/th>\s*<\/tr>\s*<\/thead>\s*<tbody>\s*<tr>\s*<td>Apple<\/td>\s*<td>1\.20<\/td>/,
    )
    expect(html).not.toMatch(/<li>|:::/)
  })

  it('keeps block content in a cell, and numbers and captions a labelled one for @tbl- references', () => {
    expect(html).toMatch(/<td>\s*<p>Add values:<\/p>\s*<pre><code class="hljs language-python">/)
    expect(html).toContain('<span class="caption-number">Table 1:</span> Functions')
    expect(html).toContain('See <a href="#user-content-tbl-functions">Table 1</a>.')
  })
})

describe('pandoc fenced divs: theorems and proofs', () => {
  it('numbers the Quarto docs theorem and resolves @thm-line to it', () => {
    const { html } = renderMarkdown(fixture('theorems.qmd'))
    expect(html).toContain('<div class="theorem theorem-theorem" id="user-content-thm-line">')
    expect(html).toContain('<strong class="theorem-label">Theorem 1</strong> <span class="theorem-name">(Line)</span>')
    expect(html).toContain('See <a href="#user-content-thm-line">Theorem 1</a>.')
    expect(html).toContain('<em class="proof-label">Proof.</em> By induction.')
    expect(html).not.toMatch(RAW)
  })

  it('numbers each kind on its own and resolves every reference form, never as a citation', () => {
    const md = [
      '::: {#thm-a}\nFirst.\n:::',
      '::: {#lem-b name="Key"}\nA lemma.\n:::',
      '::: {#thm-c}\n## Second\nMore.\n:::',
      '::: {.proof}\nObvious.\n:::',
      '::: {.solution}\nDone.\n:::',
      'By @thm-c, [@lem-b], [-@thm-a], @Thm-a, [Thm @thm-c] and [@thm-a; @lem-b]; see @cor-missing.',
    ].join('\n\n')
    const { html, warnings } = renderMarkdown(md)
    expect(html).toContain(
      '<strong class="theorem-label">Theorem 2</strong> <span class="theorem-name">(Second)</span>',
    )
    expect(html).toContain('<strong class="theorem-label">Lemma 1</strong> <span class="theorem-name">(Key)</span>')
    expect(html).toContain('By <a href="#user-content-thm-c">Theorem 2</a>, <a href="#user-content-lem-b">Lemma 1</a>')
    expect(html).toContain('<a href="#user-content-thm-a">1</a>, <a href="#user-content-thm-a">Theorem 1</a>')
    expect(html).toContain('Thm <a href="#user-content-thm-c">2</a>')
    expect(html).toContain('<a href="#user-content-thm-a">Theorem 1</a>, <a href="#user-content-lem-b">Lemma 1</a>;')
    expect(html).toContain('<em class="proof-label">Solution.</em> Done.')
    expect(html).toContain('Corollary “missing”')
    expect(html).not.toMatch(/\[\?|citation|@thm|@lem|@cor/)
    expect(warnings.map((w) => w.rule)).toContain('unresolved-reference')
    expect(warnings.map((w) => w.rule)).not.toContain('unknown-citation')
  })
})

describe('pandoc fenced divs: theorems of another chapter', () => {
  it('reads a reference to another chapter’s theorem as Quarto does, "Theorem 2.1", once the site resolves it', () => {
    const { html, anchors } = renderMarkdown('::: {#thm-clt}\nSums of many small terms are normal.\n:::\n', {
      chapter: '2',
    })
    expect(html).toContain('id="user-content-thm-clt"')
    const anchor = anchors.find((a) => a.key === 'thm-clt')!
    expect(anchor).toMatchObject({ kind: 'anchor', number: '2.1' })
    const hit = { post: { title: '2 Asymptotics' }, anchor }
    expect(labelText(hit, 'name')).toBe('Theorem 2.1')
    expect(labelText(hit, 'number')).toBe('2.1')
  })
})

describe('pandoc fenced divs: figures and tables', () => {
  it('makes the Quarto docs subfigures one numbered figure with (a), (b) captions', () => {
    const { html } = renderMarkdown(fixture('subfigures.qmd'))
    expect(html).toContain('<span class="caption-number">Figure 1:</span> Famous Elephants')
    expect(html).toContain('(a) Surus')
    expect(html).toContain('(b) Hanno')
    expect(html).toContain(
      'See <a href="#user-content-fig-elephants">Figure 1</a> and <a href="#user-content-fig-hanno">1(b)</a>',
    )
    expect(html).not.toMatch(RAW)
    expect(html).not.toContain('light-content')
  })

  it('numbers image figures, figure divs and tables in one sequence each, in document order', () => {
    const md = [
      '![One](a.png){#fig-a width=300}',
      '::: {#fig-b}\n![](b.png)\n\nTwo, *in a div*.\n:::',
      '| x | y |\n|---|---|\n| 1 | 2 |\n\n: Data {#tbl-d}',
      '::: {#tbl-e}\n| p |\n|---|\n| 3 |\n\nMore data\n:::',
      'See @fig-a, @fig-b, @tbl-d and @tbl-e.',
    ].join('\n\n')
    const { html, anchors } = renderMarkdown(md)
    expect(html).toContain('<span class="caption-number">Figure 1:</span> One')
    expect(html).toContain('<span class="caption-number">Figure 2:</span> Two, <em>in a div</em>.')
    expect(html).toContain('<span class="caption-number">Table 1:</span> Data')
    expect(html).toContain('<span class="caption-number">Table 2:</span> More data')
    expect(html).toContain('width="300"')
    expect(html).toContain(
      'See <a href="#user-content-fig-a">Figure 1</a>, <a href="#user-content-fig-b">Figure 2</a>, <a href="#user-content-tbl-d">Table 1</a> and <a href="#user-content-tbl-e">Table 2</a>.',
    )
    expect(anchors.filter((a) => a.kind === 'figure' || a.kind === 'table').map((a) => [a.key, a.number])).toEqual([
      ['fig-a', '1'],
      ['fig-b', '2'],
      ['tbl-d', '1'],
      ['tbl-e', '2'],
    ])
    expect(html).not.toMatch(RAW)
  })
})
