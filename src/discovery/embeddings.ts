import type { AiProvider } from '../ai/provider.js'
import { describeError } from '../core/errors.js'
import type { Snapshot } from './snapshot.js'
import type { EmbeddingLookup } from './related-posts.js'

/** Enough of an essay for an embedding model's context: the title and its opening. */
const EMBED_CHARS = 6_000

/**
 * Embeddings of the essays when the configured provider has them (openai), kept per essay
 * version. Without such a provider, or when a call fails, discovery works from the local
 * index alone; a failure is logged once per snapshot and not retried for it.
 */
export class EmbeddingCache {
  private readonly vectors = new Map<number, { version: string; vector: number[] }>()
  private readonly failed = new WeakSet<Snapshot>()
  private chosen: AiProvider | null | undefined

  constructor(
    private readonly provider: () => AiProvider | null,
    private readonly log: (message: string) => void,
  ) {}

  async lookup(snap: Snapshot): Promise<EmbeddingLookup | undefined> {
    let provider: AiProvider | null
    try {
      provider = this.chosen ??= this.provider()
    } catch {
      return undefined // openai named without a key: the enhance calls say so; related posts work locally
    }
    if (!provider?.embed || this.failed.has(snap)) return undefined
    const missing = snap.essays.filter((e) => this.vectors.get(e.meta.id)?.version !== e.meta.contentHash)
    if (missing.length > 0) {
      try {
        const vectors = await provider.embed(
          missing.map((e) => `${e.meta.title}\n\n${e.plainText.slice(0, EMBED_CHARS)}`),
        )
        missing.forEach(
          (e, i) => vectors[i] && this.vectors.set(e.meta.id, { version: e.meta.contentHash, vector: vectors[i] }),
        )
      } catch (e) {
        this.failed.add(snap)
        this.log(`Related posts use the local index only: embeddings failed (${describeError(e)}).`)
        return undefined
      }
    }
    return (id) => this.vectors.get(id)?.vector
  }
}
