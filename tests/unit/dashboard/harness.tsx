import { render } from 'ink-testing-library'
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { createActions } from '../../../src/dashboard/actions.js'
import { ActivityLog } from '../../../src/dashboard/activity.js'
import { Dashboard } from '../../../src/dashboard/app.js'
import { SnapshotReader } from '../../../src/dashboard/snapshot.js'
import { watchStore } from '../../../src/store/index.js'
import { fixtureSite } from '../../helpers/blog.js'
import { tempDir } from '../../helpers/temp-dir.js'

const settle = () => new Promise((r) => setTimeout(r, 150))

/** Keys as a terminal sends them. */
export const KEY = { up: '\u001B[A', down: '\u001B[B', enter: '\r', escape: '\u001B' } as const

/**
 * The dashboard rendered into ink-testing-library's fake terminal, over a real Blog on a fresh
 * data folder with the fixture essays. `other()` opens a second Blog on the same folder: its
 * writes reach the dashboard the way another process's do, through the store watcher.
 */
export async function openDashboard() {
  const tmp = tempDir('dashboard-')
  const dataDir = join(tmp.path, 'data')
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })
  const blog = await createBlog({ dataDir, baseUrl: 'https://essays.example.org', env: {}, log: () => {} })
  await blog.importer.importPaths([essays])
  const opened: string[] = []
  const activity = new ActivityLog()
  const detach = activity.attach(blog.events)
  const reader = new SnapshotReader(blog)
  const read = () => reader.read()
  const watcher = watchStore(blog.store)
  const actions = createActions(blog, activity, async (url) => void opened.push(url))
  const app = render(
    <Dashboard read={read} events={blog.events} activity={activity} actions={actions} refreshMs={200} />,
  )
  // The size of the terminal the end-to-end test uses; a test may change it and emit 'resize'.
  Object.defineProperty(app.stdout, 'columns', { get: () => 160, configurable: true })
  Object.defineProperty(app.stdout, 'rows', { get: () => 40, configurable: true })
  app.stdout.emit('resize')
  const others: Blog[] = []
  const frame = () => app.lastFrame() ?? ''
  const waitFor = async (pattern: RegExp | ((frame: string) => boolean), timeoutMs = 15_000): Promise<string> => {
    const test = typeof pattern === 'function' ? pattern : (f: string) => pattern.test(f)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (test(frame())) return frame()
      if (Date.now() > deadline) throw new Error(`the dashboard never showed ${String(pattern)}; it shows:\n${frame()}`)
      await new Promise((r) => setTimeout(r, 25))
    }
  }
  return {
    blog,
    app,
    tmp,
    essays,
    opened,
    frame,
    waitFor,
    /**
     * Press keys one at a time, as a person does: with a pause around each, so that what
     * the dashboard just drew also listens (Ink subscribes input after drawing).
     */
    press: async (...keys: string[]) => {
      for (const key of keys) {
        await settle()
        app.stdin.write(key)
      }
      await settle()
    },
    /** Text arriving in one piece, as a paste or a quick typist's burst does. */
    type: async (text: string) => {
      await settle()
      app.stdin.write(text)
      await settle()
    },
    other: async () => {
      const b = await createBlog({ dataDir, baseUrl: 'https://essays.example.org', env: {}, log: () => {} })
      others.push(b)
      return b
    },
    close: async () => {
      app.unmount()
      detach()
      await watcher.close()
      for (const b of others) await b.close()
      await blog.close()
      tmp.cleanup()
    },
  }
}
