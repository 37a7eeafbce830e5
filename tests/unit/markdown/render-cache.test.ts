import { beforeEach, describe, expect, it } from 'vitest'
import { clearRenderCache, contentHash, renderCached, renderMarkdown } from '../../../src/markdown/index.js'
import { createHash } from 'node:crypto'

describe('contentHash', () => {
  it('is a hex sha256 that depends on the markdown and the pipeline version', () => {
    const hash = contentHash('# Hello')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(contentHash('# Hello')).toBe(hash)
    expect(contentHash('# Hello!')).not.toBe(hash)
    expect(hash).not.toBe(createHash('sha256').update('# Hello').digest('hex'))
  })
})

describe('renderCached', () => {
  beforeEach(() => clearRenderCache())

  it('renders like renderMarkdown and serves repeats from the cache', () => {
    const md = 'Some $x$ text.\n\n## Part'
    const first = renderCached(md)
    expect({ ...first }).toEqual(renderMarkdown(md))
    expect(renderCached(md)).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.toc)).toBe(true)
  })

  it('is bounded: the least recently used entry goes first', () => {
    const first = renderCached('doc 0')
    const kept = renderCached('doc 1')
    for (let i = 2; i < 201; i++) {
      renderCached(`doc ${i}`)
      // Keep "doc 1" recently used.
      if (i % 50 === 0) expect(renderCached('doc 1')).toBe(kept)
    }
    expect(renderCached('doc 1')).toBe(kept)
    expect(renderCached('doc 0')).not.toBe(first)
  })
})
