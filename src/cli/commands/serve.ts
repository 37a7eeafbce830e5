import { Command, Option } from 'commander'
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { BlogError } from '../../core/errors.js'
import type { CliIO } from '../output.js'
import { dataOption } from '../shared-options.js'

interface ServeOptions {
  port: string
  host: string
  watch?: string
  data?: string
  baseUrl?: string
}

export function serveCommand(io: CliIO): Command {
  return new Command('serve')
    .description('serve the site and its API; with --watch, publish essays as they land in a folder')
    .addOption(new Option('-p, --port <port>', 'port to listen on').default('4321').env('PORT'))
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .option(
      '--watch <dir>',
      'import the essays in this folder (.md, .markdown, .ipynb, .Rmd, .qmd) now and whenever they change',
    )
    .option('--base-url <url>', 'public address of the site (default http://localhost:PORT, or BLOG_BASE_URL)')
    .addOption(dataOption())
    .action(async (opts: ServeOptions) => {
      const port = Number(opts.port)
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new BlogError('VALIDATION', `--port must be a whole number from 0 to 65535, not "${opts.port}".`)
      if (opts.watch && !existsSync(opts.watch))
        throw new BlogError('VALIDATION', `--watch: the folder ${opts.watch} does not exist.`)
      const [{ createBlog }, { startServer }, { watchFolder }, { recordServing }] = await Promise.all([
        import('../../app/blog.js'),
        import('../../server/start.js'),
        import('../../importer/folder-watcher.js'),
        import('../../core/serving-record.js'),
      ])
      const blog = await createBlog({
        dataDir: opts.data,
        baseUrl: opts.baseUrl ?? (process.env.BLOG_BASE_URL ? undefined : `http://localhost:${port}`),
      })
      const server = await startServer(blog, { port, host: opts.host, log: io.err })
      // A public address given is where readers go; otherwise the port really bound (--port 0).
      const publicUrl = opts.baseUrl || process.env.BLOG_BASE_URL ? blog.config.baseUrl : server.url
      const unrecord = await recordServing(blog.config.dataDir, publicUrl)
      const watcher = opts.watch
        ? watchFolder(opts.watch, blog.importer, {
            onReport: (r) => {
              for (const f of r.files) {
                if (f.status === 'failed') io.err(`✗ ${relative(process.cwd(), f.path)}: ${f.error}`)
                else if (f.status !== 'unchanged')
                  io.out(`${f.status} ${relative(process.cwd(), f.path)} → ${server.url}/posts/${f.slug}`)
              }
            },
            onRemoved: (path) =>
              io.out(
                `${relative(process.cwd(), path)} was removed; its post stays published (delete it from the site if you mean to).`,
              ),
            onError: (e) => io.err(`watch: ${e instanceof Error ? e.message : String(e)}`),
          })
        : null
      // The watched folder is imported first, so the count below is what the site really serves
      // (issue 23.15: it used to say "serving 0 posts" while the first import was still running).
      if (watcher) await watcher.ready.catch(() => {})
      const count = blog.posts.count()
      io.out(
        `Scholia is serving ${count} post${count === 1 ? '' : 's'} at ${server.url}/ (data: ${relative(process.cwd(), blog.config.dataDir) || '.'})`,
      )
      if (watcher) io.out(`Watching ${opts.watch} for essays.`)
      const setup = blog.auth.firstAdminSetup()
      if (setup)
        io.out(
          `No admin account yet: run \`blog admin create USERNAME\`, or open ${server.url}/admin-secret?setup=${setup.token} to create one in the browser.`,
        )
      await new Promise<void>((resolve) => {
        const stop = () => resolve()
        process.once('SIGINT', stop)
        process.once('SIGTERM', stop)
      })
      await unrecord()
      await watcher?.close()
      await server.close()
      await blog.close()
    })
}
