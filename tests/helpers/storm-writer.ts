// A separate process that commits a storm of multi-shard transactions: each inserts a batch
// of posts whose consecutive ids land in different index shards, and counts the batch in
// db.json. A reader must see every batch whole or not at all, and the count matching.
import { Store } from '../../src/store/index.js'
import { newBody, newPost } from './post-fixtures.js'

const [dataDir, name, count, size] = process.argv.slice(2)
const BATCH_SIZE = Number(size)
{
  const store = await Store.open(dataDir)
  for (let i = 0; i < Number(count); i++) {
    await store.transact((tx) => {
      for (let j = 0; j < BATCH_SIZE; j++)
        tx.insert(
          newPost({ slug: `${name}-b${i}-${j}`, title: `${name} batch ${i}`, tags: [`${name}-b${i}`] }),
          newBody(`${name} ${i} ${j}`),
        )
      const db = tx.db as typeof tx.db & { storm?: Record<string, number> }
      db.storm = { ...db.storm, [name]: i + 1 }
    })
  }
}
