// A process that takes the store lock and keeps it until it is killed, as a `blog import`
// caught mid-commit by a SIGKILL would.
import { Store } from '../../src/store/index.js'

const store = await Store.open(process.argv[2])
await store.transact(() => {
  console.log('holding')
  // A pending promise alone would let the process exit (and proper-lockfile release on exit).
  return new Promise<void>(() => setInterval(() => {}, 60_000))
})
