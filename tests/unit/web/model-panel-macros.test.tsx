import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Tex } from '../../../web/components/post/model-panel-body.js'
import { katexMacros } from '../../../web/lib/katex-macros.js'
import { texDefinitions } from '../../../src/shared/tex-definitions.js'

describe('the model panel typesets formulas with the essay’s own macros (issue 39)', () => {
  it('reads the definitions the essay writes in its prose and inside its formulas', () => {
    const definitions = texDefinitions(
      [
        { kind: 'display', tex: '\\newcommand{\\vx}{\\mathbf{x}}' } as never,
        { kind: 'prose', block: 'paragraph', segments: [{ kind: 'math', tex: 'y = f(\\vx)' }] } as never,
      ],
      ['\\def\\RR{\\mathbb{R}}'],
    )
    expect(definitions).toEqual(['\\def\\RR{\\mathbb{R}}', '\\newcommand{\\vx}{\\mathbf{x}}'])
  })

  it('shows a macro as the page does, not as an error or as TeX', () => {
    const macros = katexMacros(['\\newcommand{\\vx}{\\mathbf{x}}', '\\newcommand{\\R}{\\mathbb{R}}'])
    const html = renderToString(<Tex tex="\vx \in \R^d" macros={macros} />)
    expect(html).not.toContain('model-math-error')
    expect(html).toContain('mathbf')
    expect(renderToString(<Tex tex="\vx" />)).toContain('model-math-error')
  })
})
