// A separate process that writes to a data folder, one small transaction at a time, as
// `blog import` does beside a running `blog serve`.
import { Store } from '../../src/store/index.js'
import { newBody, newPost } from './post-fixtures.js'

const [dataDir, name, count] = process.argv.slice(2)
const store = await Store.open(dataDir)
for (let i = 0; i < Number(count); i++) {
  await store.transact((tx) => {
    tx.insert(newPost({ slug: `${name}-${i}`, title: `${name} ${i}` }), newBody(`${name} ${i}`))
    const db = tx.db as typeof tx.db & { counters?: Record<string, number> }
    db.counters = { ...db.counters, [name]: (db.counters?.[name] ?? 0) + 1 }
  })
}
