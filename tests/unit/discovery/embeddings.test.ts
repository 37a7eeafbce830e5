import { describe, expect, it } from 'vitest'
import type { AiProvider } from '../../../src/ai/provider.js'
import { EmbeddingCache } from '../../../src/discovery/embeddings.js'
import { relatedTo } from '../../../src/discovery/related-posts.js'
import { essay, snapshotOf } from './essays.js'

const snap = () =>
  snapshotOf(
    essay(1, 'Cats', 'Cats purr and sleep in the sun.'),
    essay(2, 'Felines', 'Domestic felines enjoy warm windowsills.'),
    essay(3, 'Taxes', 'Cats purr and sleep in the sun, unlike tax forms.'),
  )
/** A provider whose vectors say essays 1 and 2 mean the same thing. */
const provider = (fail = false) =>
  ({
    embed: async (texts: string[]) =>
      fail ? Promise.reject(new Error('offline')) : texts.map((t) => (/^(Cats|Felines)/.test(t) ? [1, 0] : [0, 1])),
  }) as unknown as AiProvider

describe('embeddings', () => {
  it('refine text similarity when the provider has them', async () => {
    const s = snap()
    const lookup = await new EmbeddingCache(
      () => provider(),
      () => {},
    ).lookup(s)
    expect(lookup).toBeDefined()
    const withEmbeddings = relatedTo(s, 1, lookup).find((r) => r.essay.meta.id === 2)!
    const local = relatedTo(s, 1).find((r) => r.essay.meta.id === 2)
    expect(withEmbeddings.score).toBeGreaterThan(local?.score ?? 0)
  })

  it('fall back to the local index when the provider has none, cannot be made or fails', async () => {
    const logs: string[] = []
    expect(
      await new EmbeddingCache(
        () => null,
        () => {},
      ).lookup(snap()),
    ).toBeUndefined()
    expect(
      await new EmbeddingCache(
        () => {
          throw new Error('no key')
        },
        () => {},
      ).lookup(snap()),
    ).toBeUndefined()
    expect(
      await new EmbeddingCache(
        () => provider(true),
        (m) => logs.push(m),
      ).lookup(snap()),
    ).toBeUndefined()
    expect(logs[0]).toMatch(/local index only: embeddings failed \(offline\)/)
  })
})
