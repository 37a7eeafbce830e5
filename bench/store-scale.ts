import { readFileSync } from 'node:fs'
import { Store } from '../src/store/index.js'
import { newBody, newPost } from '../tests/helpers/post-fixtures.js'

/**
 * Fill a store with `count` posts made from the corpus (each a real essay body with its own
 * title and slug), then time single-post updates the way an edit in the workspace does them.
 */
export async function storeScale(
  dataDir: string,
  files: string[],
  count: number,
): Promise<{ posts: number; fillSeconds: number; updateOneMs: number; updateMetaMs: number }> {
  const texts = files.map((f) => readFileSync(f, 'utf8'))
  const store = await Store.open(dataDir)
  const started = performance.now()
  const batch = 500
  for (let start = 0; start < count; start += batch) {
    await store.transact((tx) => {
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const text = texts[i % texts.length]
        const now = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString()
        const meta = newPost({
          title: `Essay ${i}: ${text.slice(0, 40).replace(/\W+/g, ' ')}`,
          slug: `essay-${i}`,
          excerpt: text.slice(0, 280),
          author: 'Bench',
          tags: [`t${i % 50}`, `t${i % 7}`],
          readTime: 5,
          wordCount: 1000,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
          source: { path: `/bench/essay-${i}.md`, hash: String(i) },
          contentHash: String(i),
        })
        const body = newBody(text)
        tx.insert(meta, body)
      }
    })
  }
  const fillSeconds = (performance.now() - started) / 1000

  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const withBody: number[] = []
  const metaOnly: number[] = []
  for (let i = 0; i < 21; i++) {
    const id = 1 + ((i * 467) % count)
    let t = performance.now()
    await store.transact((tx) => tx.update(id, { title: `Edited ${i}` }, { content: `Edited body ${i}` }))
    withBody.push(performance.now() - t)
    t = performance.now()
    await store.transact((tx) => tx.update(id, { featured: (i % 2) as 0 | 1 }))
    metaOnly.push(performance.now() - t)
  }
  return { posts: store.posts().length, fillSeconds, updateOneMs: median(withBody), updateMetaMs: median(metaOnly) }
}
