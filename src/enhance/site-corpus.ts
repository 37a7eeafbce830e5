import type { SiteCorpus } from '../ai/provider.js'
import type { Store } from '../store/index.js'

/**
 * The published essays as providers compare against them, kept between calls: rebuilding it
 * (and the provider's index over it) for every post of a bulk run would read every body
 * each time. It is rebuilt only when a published essay's text, title or tags change, so
 * storing an enhancement (which changes a body but not its text) keeps it.
 */
export class SiteCorpusCache {
  private key = ''
  private corpus: SiteCorpus = { posts: [] }
  private readonly texts = new Map<number, { hash: string; plainText: string }>()

  constructor(private readonly store: Store) {}

  async get(): Promise<SiteCorpus> {
    const published = this.store.posts().filter((p) => p.status === 'published')
    const key = published.map((p) => `${p.id}:${p.contentHash}:${p.title}:${p.tags.join(',')}`).join('\n')
    if (key === this.key) return this.corpus
    const posts: SiteCorpus['posts'] = []
    for (const meta of published) {
      let text = this.texts.get(meta.id)
      if (!text || text.hash !== meta.contentHash) {
        text = { hash: meta.contentHash, plainText: (await this.store.body(meta)).plainText }
        this.texts.set(meta.id, text)
      }
      posts.push({ id: meta.id, slug: meta.slug, title: meta.title, tags: meta.tags, plainText: text.plainText })
    }
    const ids = new Set(published.map((p) => p.id))
    for (const id of this.texts.keys()) if (!ids.has(id)) this.texts.delete(id)
    this.key = key
    this.corpus = { posts }
    return this.corpus
  }
}
