import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { scanBody } from '../../../src/importer/parse/body-scan.js'

const html = (markdown: string) => renderMarkdown(markdown).html

// GFM autolink literals, found by remark-gfm's transform rather than micromark's per-letter
// e-mail construct (src/markdown/plugins/remark-lean-autolinks.ts): readers see the same links.
describe('autolink literals', () => {
  it('links bare addresses: web, www and e-mail, keeping trailing punctuation outside', () => {
    expect(html('See https://example.org/a_b_c, www.julialang.org. Or write to jane.doe+blog@example.com.')).toBe(
      '<p>See <a href="https://example.org/a_b_c" rel="noopener noreferrer">https://example.org/a_b_c</a>, <a href="http://www.julialang.org" rel="noopener noreferrer">www.julialang.org</a>. Or write to <a href="mailto:jane.doe+blog@example.com">jane.doe+blog@example.com</a>.</p>',
    )
  })

  it('leaves addresses in code, in links and inside words alone', () => {
    expect(html('`me@example.com` and [mail me](mailto:x@example.com) and x@y')).toBe(
      '<p><code>me@example.com</code> and <a href="mailto:x@example.com">mail me</a> and x@y</p>',
    )
  })

  it('keeps emphasis outside an address working', () => {
    expect(html('*write to a@example.com*')).toBe(
      '<p><em>write to <a href="mailto:a@example.com">a@example.com</a></em></p>',
    )
  })

  it('reads an excerpt with addresses as their text', () => {
    expect(scanBody('Mail jane@example.com or see www.example.org/docs for the four details.').firstParagraph).toBe(
      'Mail jane@example.com or see www.example.org/docs for the four details.',
    )
  })
})
