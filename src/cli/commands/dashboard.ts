import { Command } from 'commander'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption, withBlog, type DataOptions } from '../shared-options.js'

export function dashboardCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('dashboard')
    .description('open the terminal dashboard: posts, jobs, subscribers, live progress')
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText(
      'after',
      `
On a terminal: posts (status, featured, enhancements, read time), jobs, subscribers and comments
waiting for approval, and imports, kept up to date while other Scholia processes (blog serve,
blog import) change the same data folder. Keys: ↑↓ move, space select, / filter, i import,
g generate, p publish/unpublish, o open in the browser (BROWSER, else the platform's opener),
? help, q quit.

Without a terminal (piped, CI) it prints the same information once and exits 0.
--json prints: {"dataDir", "baseUrl",
                "posts": [{"id", "title", "slug", "status", "featured", "readTime", "enhancements", "url"}],
                "jobs": [{"id", "postId", "title", "kind", "status", "createdAt", "completedAt", "error"}],
                "pendingJobs", "subscribers", "pendingComments": [{"id", "postTitle", "name", "text", "createdAt"}],
                "recentImports": [{"slug", "title", "path", "at"}]}`,
    )
    .action(async (opts: DataOptions & { json?: boolean }) => {
      const terminal = !opts.json && process.stdin.isTTY && process.stdout.isTTY
      // Ink draws nothing until it exits when it believes it runs in CI (CI or
      // CONTINUOUS_INTEGRATION set), judged once when it is first imported. A person at a real
      // terminal with CI exported in their shell must still see the dashboard.
      if (terminal)
        for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) if (name in process.env) process.env[name] = 'false'
      // Loaded on use: Ink and React only when the dashboard is opened.
      const { runDashboard, printSummary } = await import('../../dashboard/start.js')
      await withBlog(opts, (blog) => (terminal ? runDashboard(blog) : printSummary(blog, Boolean(opts.json), io.out)))
      setExit(EXIT.ok)
    })
}
