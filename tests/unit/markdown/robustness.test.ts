import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'

const N = 5000

/** Inputs built to make a careless scanner go quadratic or swallow the document. */
const CASES: Record<string, string> = {
  'unclosed \\(': '\\('.repeat(N),
  'unclosed \\[': '\\[x='.repeat(N),
  'unclosed $ and $$': 'a $b '.repeat(N) + '$$c '.repeat(N),
  'unclosed backticks': 'a `b '.repeat(N),
  'unclosed templates': '{{a '.repeat(N) + '{% b '.repeat(N) + '{% comment %} '.repeat(N),
  'unclosed roles and commands': ':numref:`x '.repeat(N) + '\\fig{'.repeat(N) + '\\label{'.repeat(N),
  'display openers without end': '$$ x\n'.repeat(N),
  'unclosed Liquid blocks': '{% highlight x %}\n'.repeat(N) + '{% comment %}\n'.repeat(N),
  'unclosed @def values': '@def x = """\n'.repeat(N),
  'unclosed tabs': ':begin_tab:`mxnet`\n'.repeat(N),
  'long line': 'word '.repeat(N * 20),
}

describe('pathological input', () => {
  it('renders in bounded time', () => {
    for (const [name, markdown] of Object.entries(CASES)) {
      const start = performance.now()
      const { html } = renderMarkdown(markdown)
      const ms = performance.now() - start
      expect(ms, name).toBeLessThan(20_000)
      expect(html, name).not.toMatch(/[\uE000-\uE004]/)
    }
  }, 120_000)

  it('shows an unclosed display formula as written instead of swallowing what follows', () => {
    const { html } = renderMarkdown('$$ x = 1\n\nThe rest.\n\n## Heading')
    expect(html).toContain('$$ x = 1')
    expect(html).toContain('<p>The rest.</p>')
    expect(html).toContain('<h2 id="heading">Heading</h2>')
  })

  it('throws a RangeError, not a crash, on nesting deeper than the stack', () => {
    expect(() => renderMarkdown('<div>'.repeat(100_000))).toThrow(RangeError)
  })
})
