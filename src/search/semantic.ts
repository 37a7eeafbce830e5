import type { AiProvider } from '../ai/provider.js'
import type { Store } from '../store/index.js'
import type { Accept, SearchIndex } from './search-index.js'
import type { Similar } from './term-vectors.js'

/** Below this cosine a local match shares only incidental words. */
const MIN_LOCAL = 0.12
/** Embedding cosines run higher for unrelated texts than term vectors do. */
const MIN_EMBEDDING = 0.3
/** How much of an essay is embedded: its opening says what it is about. */
const EMBED_CHARS = 2_000

export interface SemanticQuery {
  text: string
  /** The query's terms as the index folds them. */
  terms: string[]
  /** The best literal hits, whose vocabulary stands for the query's topic. */
  seeds: number[]
  accept: Accept
  limit: number
}

/**
 * Posts close in meaning to a query. With a provider that embeds (openai), by cosine of
 * embeddings, kept per post revision; otherwise, or if the provider fails, by the index's
 * local term vectors.
 */
export class SemanticSearch {
  private readonly embedded = new Map<number, { rev: number; vector: number[] }>()
  private failed = false

  constructor(
    private readonly store: Store,
    private readonly provider: () => AiProvider | null,
    private readonly log: (message: string) => void = () => {},
  ) {}

  async similar(index: SearchIndex, q: SemanticQuery): Promise<Similar[]> {
    const provider = this.failed ? null : this.provider()
    if (provider?.embed) {
      try {
        return await this.byEmbedding(provider.embed.bind(provider), index, q)
      } catch (e) {
        // One failure turns embeddings off for this process rather than slowing every search.
        this.failed = true
        this.log(`Search: embeddings failed (${String(e)}); using the local index.`)
      }
    }
    return index.vectors.similar(index.vectors.queryVector(q.terms, q.seeds), q.accept, MIN_LOCAL, q.limit)
  }

  private async byEmbedding(
    embed: (texts: string[]) => Promise<number[][]>,
    index: SearchIndex,
    q: SemanticQuery,
  ): Promise<Similar[]> {
    const ids = [...index.ids()].filter(q.accept)
    const stale = ids
      .map((id) => this.store.post(id))
      .filter((m) => m !== null && this.embedded.get(m.id)?.rev !== m.rev)
    if (stale.length) {
      const texts = await Promise.all(
        stale.map(
          async (m) =>
            `${m!.title}\n${m!.tags.join(', ')}\n${m!.excerpt}\n${(await this.store.body(m!)).plainText.slice(0, EMBED_CHARS)}`,
        ),
      )
      const vectors = await embed(texts)
      stale.forEach((m, i) => this.embedded.set(m!.id, { rev: m!.rev, vector: vectors[i] }))
    }
    const [query] = await embed([q.text])
    return ids
      .map((id) => ({ id, score: cosine(query, this.embedded.get(id)?.vector ?? []), terms: [] }))
      .filter((s) => s.score >= MIN_EMBEDDING)
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, q.limit)
  }
}

function cosine(a: number[], b: number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i] * b[i]
    na += a[i] * a[i]
    nb += b[i] * b[i]
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0
}
