import { describe, expect, it } from 'vitest'
import { conceptsOf } from '../../../src/images/concepts.js'
import { proseText } from '../../../src/markdown/reading-text.js'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'

describe('the prose of an essay’s reading', () => {
  it('keeps words and link texts, never formulas or code, so banners name no TeX token', () => {
    const md =
      `## Attention\n\nThe query $\\mathbf{q} \\in \\mathbb{R}^d$ meets each key $\\mathbf{k}_i$ in [attention pooling](/posts/pooling).\n\n$$\\mathbf{o} = \\sum_i \\alpha(\\mathbf{q}, \\mathbf{k}_i) \\mathbf{v}_i$$\n\n\`\`\`python\nmathbf = softmax(scores)\n\`\`\`\n`.repeat(
        3,
      )
    const text = proseText(renderMarkdown(md).reading)
    expect(text).toContain('attention pooling')
    expect(text).not.toMatch(/mathbf|mathbb|softmax/)
    expect(conceptsOf({ tags: [], plainText: text })).not.toContain('mathbf')
  })
})
