import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'
import { documentOfRender } from '../../../src/markdown/types.js'

const annotations = (html: string) =>
  [...html.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((m) => m[1])

describe('TeX written in the prose', () => {
  it('keeps the definitions an essay writes outside formulas in its document, for the export’s preamble', () => {
    const rendered = renderMarkdown('\\newcommand{\\vect}[1]{\\mathbf{#1}}\n\nThe $\\vect{x}$.')
    expect(rendered.html).toContain('mathbf')
    expect(rendered.macros).toHaveLength(1)
    expect(rendered.macros[0]).toContain('\\vect')
    expect(documentOfRender(rendered).macros).toEqual(rendered.macros)
    expect(documentOfRender(renderMarkdown('No definitions here.')).macros).toBeUndefined()
  })

  it('sets $$…$$ inside a sentence in display style, as LaTeX does, within the line', () => {
    const { html } = renderMarkdown('so $$\\sum_i x_i$$ here')
    expect(html.startsWith('<p>so <span class="katex">')).toBe(true)
    expect(annotations(html)).toEqual(['\\displaystyle \\sum_i x_i'])
  })
})
