import { describe, expect, it } from 'vitest'
import { exportArxiv } from '../../../src/export/arxiv.js'
import { renderedPost } from './rendered-post.js'

const post = (content: string) => ({
  title: 'T',
  slug: 't',
  author: 'A',
  publishedAt: '2024-01-01T00:00:00.000Z',
  excerpt: 'E',
  summary: null,
  content,
  bibliography: null,
  tags: [],
})

describe('arXiv export of citations', () => {
  it('writes natbib commands for every citation syntax, never placeholder characters', () => {
    const tex = exportArxiv(
      renderedPost(
        post('Attention :cite:`Vaswani.2017,Bahdanau.2014`, as :citet:`Bahdanau.2014` and [@he:resnet, p. 3] show.'),
      ),
    )
    expect(tex).toContain(
      'Attention \\citep{Vaswani.2017,Bahdanau.2014}, as \\citet{Bahdanau.2014} and \\citep{he:resnet} show.',
    )
    expect(tex).not.toMatch(/[\uE000-\uE002]/)
  })
})
