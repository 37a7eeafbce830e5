import { Command, CommanderError } from 'commander'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../core/paths.js'
import { EXIT, formatCliError, stdio, type CliIO } from './output.js'
import { serveCommand } from './commands/serve.js'
import { importCommand } from './commands/import.js'
import { adminCommand } from './commands/admin.js'
import { dashboardCommand } from './commands/dashboard.js'
import { exportCommand } from './commands/export.js'
import { generateCommand } from './commands/generate.js'
import { buildCommand } from './commands/build.js'
import { doctorCommand } from './commands/doctor.js'

/** Build the `blog` program. Each command parses flags, calls the core, prints. */
export function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command('blog')
    .description('Scholia: publish long-form markdown essays as fast, server-rendered pages, enhanced with AI.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run `blog --help` for the commands)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride()
  program.addCommand(serveCommand(io))
  program.addCommand(importCommand(io, setExit))
  program.addCommand(generateCommand(io, setExit))
  program.addCommand(exportCommand(io, setExit))
  program.addCommand(buildCommand(io, setExit))
  program.addCommand(dashboardCommand(io, setExit))
  program.addCommand(adminCommand(io, setExit))
  program.addCommand(doctorCommand(io, setExit))
  // Commands added with addCommand don't inherit these: without them a usage error in a
  // subcommand would exit the process itself, with 1 instead of the documented 2.
  const inherit = (command: Command) => {
    for (const sub of command.commands) {
      sub.copyInheritedSettings(command)
      inherit(sub)
    }
  }
  inherit(program)
  return program
}

/** Run the CLI and resolve to the exit code (the process is never exited from inside). */
export async function runCli(argv: string[], io: CliIO = stdio): Promise<number> {
  let code: number = EXIT.ok
  const program = buildProgram(io, (c) => {
    code = c
  })
  try {
    await program.parseAsync(argv)
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage
    io.err(formatCliError(e))
    return EXIT.usage
  }
  return code
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version
}
