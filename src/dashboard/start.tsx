import { render } from 'ink'
import type { Blog } from '../app/blog.js'
import { createActions } from './actions.js'
import { ActivityLog } from './activity.js'
import { Dashboard } from './app.js'
import { platformOpener, type OpenUrl } from './opener.js'
import { SnapshotReader } from './snapshot.js'
import { formatSummary } from './summary.js'

/** Switch to the terminal's alternate screen and back, so quitting leaves the shell as it was. */
const ALT_SCREEN = { enter: '\x1b[?1049h\x1b[H', leave: '\x1b[?1049l' }

/**
 * Runs the dashboard on this terminal until the person quits. Other processes' writes to the
 * data folder reach it through blog.watchDataFolder (as in `blog serve`).
 */
export async function runDashboard(blog: Blog, opts: { openUrl?: OpenUrl; refreshMs?: number } = {}): Promise<void> {
  const activity = new ActivityLog()
  const detach = activity.attach(blog.events)
  const reader = new SnapshotReader(blog)
  const read = () => reader.read()
  const watcher = blog.watchDataFolder({ onError: () => {} })
  const actions = createActions(blog, activity, opts.openUrl ?? platformOpener())
  process.stdout.write(ALT_SCREEN.enter)
  try {
    const app = render(
      <Dashboard read={read} events={blog.events} activity={activity} actions={actions} refreshMs={opts.refreshMs} />,
      { exitOnCtrlC: true },
    )
    await app.waitUntilExit()
  } finally {
    process.stdout.write(ALT_SCREEN.leave)
    detach()
    await watcher.close()
  }
}

/** Without a terminal: the panes once, as text or as one JSON object. */
export async function printSummary(blog: Blog, json: boolean, out: (line: string) => void): Promise<void> {
  const snapshot = await new SnapshotReader(blog).read()
  if (json) out(JSON.stringify(snapshot))
  else for (const line of formatSummary(snapshot)) out(line)
}
