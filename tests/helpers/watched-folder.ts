import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { watchFolder } from '../../src/importer/folder-watcher.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { tempDir } from './temp-dir.js'

export interface WatchedBlog {
  /** The folder watched. */
  folder: string
  blog: Blog
  /** What the watcher said: import reports, deleted sources, errors. */
  reports: ImportReport[]
  removed: string[]
  errors: unknown[]
  cleanup: () => Promise<void>
}

/**
 * `blog serve --watch` in-process: a Blog on a fresh data folder watching a fresh folder that
 * `fill` writes first; resolves once the first import is done.
 */
export async function watchedBlog(prefix: string, fill: (folder: string) => void): Promise<WatchedBlog> {
  const tmp = tempDir(prefix)
  const folder = join(tmp.path, 'watched')
  fill(folder)
  const blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  const said: Pick<WatchedBlog, 'reports' | 'removed' | 'errors'> = { reports: [], removed: [], errors: [] }
  const watcher = watchFolder(folder, blog.importer, {
    onReport: (r) => said.reports.push(r),
    onRemoved: (p) => said.removed.push(p),
    onError: (e) => said.errors.push(e),
  })
  await watcher.ready
  const cleanup = async () => {
    await watcher.close()
    await blog.close()
    tmp.cleanup()
  }
  return { folder, blog, ...said, cleanup }
}
