import { watch, type FSWatcher } from 'chokidar'
import type { Store } from './store.js'

/**
 * Follow writes made by other processes (a `blog import` beside `blog serve`, the dashboard):
 * when db.json or an index shard is replaced, re-read it. Debounced, since a bulk commit
 * replaces several files at once.
 */
export function watchStore(
  store: Store,
  opts: { debounceMs?: number; onError?: (e: unknown) => void } = {},
): { close(): Promise<void> } {
  const debounceMs = opts.debounceMs ?? 40
  let timer: NodeJS.Timeout | null = null
  let inflight: Promise<unknown> | null = null
  const watcher: FSWatcher = watch([store.files.db, store.files.postsDir], {
    ignoreInitial: true,
    depth: 0,
    ignored: (path) => path.endsWith('.tmp') || path.includes('/bodies'),
  })
  const schedule = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      inflight = store
        .refresh()
        .catch((e) => opts.onError?.(e))
        .finally(() => (inflight = null))
    }, debounceMs)
  }
  watcher.on('add', schedule).on('change', schedule).on('unlink', schedule)
  return {
    close: async () => {
      if (timer) clearTimeout(timer)
      await watcher.close()
      if (timer) clearTimeout(timer)
      // A re-read already under way takes the store lock: let it finish before the caller moves on.
      await inflight
    },
  }
}
