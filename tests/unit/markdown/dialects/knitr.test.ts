import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { parseXref } from '../../../../src/xref/xref-target.js'
import { labelText } from '../../../../src/xref/resolve-html.js'
import { shownText } from '../../../helpers/shown-text.js'

const chapter = readFileSync(new URL('../../../fixtures/dialects/bookdown/chapter.Rmd', import.meta.url), 'utf8')

describe('R Markdown / bookdown and Quarto code chunks', () => {
  const { html, anchors } = renderMarkdown(chapter)

  it('highlights a chunk in its engine language, without its options', () => {
    expect(html).toContain('<code class="hljs language-r">library')
    expect(html).toContain('<code class="hljs language-python"><span class="hljs-built_in">print</span>')
    expect(shownText(html)).not.toMatch(/\{r|\{python|#\|/)
  })

  it('leaves out chunks whose code the author hid', () => {
    for (const hidden of ['plot(cars)', 'hidden = True', 'opts_chunk']) expect(html).not.toContain(hidden)
  })

  it('numbers (\\#eq:label) equations and resolves \\@ref to the number alone, linked', () => {
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'eq:binom', kind: 'equation', number: '1' }))
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'eq:g', kind: 'equation', number: '2' }))
    expect(html).toContain('equation (<a href="#user-content-eq-eq:binom">1</a>)')
    expect(html).toContain('By <a href="#user-content-eq-eq:g">2</a>')
    expect(html).toContain('Chapter <a href="#user-content-intro">Intro</a>')
    expect(shownText(html)).not.toContain('@ref(')
    expect(shownText(html)).not.toContain('(\\#eq')
  })

  it('leaves a label of another chapter to the site, reading ?? until it resolves to the number', () => {
    expect(html).toContain('<a href="#eq:missing" data-xref="number:eq:missing">??</a>')
    const target = parseXref('number:eq:missing')
    expect(target).toEqual({ kind: 'label', key: 'eq:missing', style: 'number' })
    const hit = {
      post: { title: 'Chapter 2' },
      anchor: { key: 'eq:missing', id: 'x', kind: 'equation' as const, number: '4' },
    }
    expect(labelText(hit, 'number')).toBe('4')
  })
})
