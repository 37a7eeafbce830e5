import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exportArxivSource } from '../../../src/export/arxiv.js'
import { rasterised } from '../../../src/export/figure-bytes.js'
import { renderedPost, type MarkdownPost } from './rendered-post.js'

const POST: MarkdownPost = {
  title: 'Diagrams',
  slug: 'diagrams',
  author: 'Ada Lovelace',
  publishedAt: '2025-03-14T09:30:00.000Z',
  excerpt: 'The excerpt.',
  summary: null,
  content: '',
  bibliography: null,
  tags: [],
}

describe('a diagram in the arXiv archive (issue 38)', () => {
  it('is a PNG figure drawn in its colours, not a box with an address nor a black shape', async () => {
    const content = 'A flow:\n\n```mermaid\nflowchart LR\n  A[Start] --> B[Stop]\n```\n'
    const { tex, figures } = exportArxivSource(renderedPost({ ...POST, content }), { figureFiles: true })
    expect(figures).toHaveLength(1)
    const [figure] = figures
    expect(figure.path).toMatch(/^figures\/diagram-[0-9a-f]{16}\.png$/)
    expect(tex).toContain(`\\includegraphics[width=`)
    expect(tex).toContain(figure.path.replace(/\.png$/, ''))
    expect(tex).not.toContain('data:image')

    const png = await rasterised(Buffer.from(figure.svg!, 'utf8'))
    expect(png).not.toBeNull()
    const { channels, isOpaque } = await sharp(png!).stats()
    expect(isOpaque).toBe(true)
    // Mostly white paper, with dark lines and text: librsvg reads every colour (none left as var()).
    expect(channels[0].mean).toBeGreaterThan(200)
    expect(channels[0].min).toBeLessThan(120)
  })
})
