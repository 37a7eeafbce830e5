import { describe, it, expect } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'

describe('table of contents entries with math', () => {
  it('carry the rendered formula, with links unwrapped, beside the plain text', () => {
    const { toc } = renderMarkdown(
      '## Why software avoids $X^\\top X$\n\ntext\n\n## A [linked](https://example.org) $\\alpha$ title\n\n## Plain words\n',
    )
    expect(toc[0].text).toContain('X^\\top X')
    expect(toc[0].html).toContain('class="katex"')
    expect(toc[0].html).toContain('Why software avoids ')
    expect(toc[1].html).not.toMatch(/<a[\s>]/)
    expect(toc[1].html).toContain('linked')
    expect(toc[2].html).toBeUndefined()
  })
})
