import { runCli } from './index.js'

process.exitCode = await runCli(process.argv)
