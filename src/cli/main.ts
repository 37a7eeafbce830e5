import { runCli } from './index.js'

// `blog … | head` closes the pipe early: that is the reader being done, not a failure to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
}

process.exitCode = await runCli(process.argv)
