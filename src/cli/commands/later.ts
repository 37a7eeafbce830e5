import { Command } from 'commander'
import { EXIT, type CliIO } from '../output.js'
import { dataOption } from '../shared-options.js'

/**
 * Commands whose work is not built yet. Their flags are the real interface, so `--help` is
 * accurate; running one says so plainly and exits 2 rather than pretending.
 */
export function laterCommands(io: CliIO, setExit: (code: number) => void): Command[] {
  const notYet = (name: string, what: string) => () => {
    io.err(`blog ${name}: ${what} is not available in this version of Scholia yet. Nothing was changed.`)
    setExit(EXIT.usage)
  }
  const dashboard = new Command('dashboard')
    .description('open the terminal dashboard: posts, jobs, subscribers, live progress')
    .addOption(dataOption())
    .action(notYet('dashboard', 'the terminal dashboard'))
  return [dashboard]
}
