import { isBlogError } from '../core/errors.js'

/**
 * Exit codes: 0 done, 1 the work ran and something in it failed, 2 the command could not run,
 * 130 the person cancelled at a prompt (Ctrl-C, as shells report SIGINT).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const

export interface CliIO {
  out: (line: string) => void
  err: (line: string) => void
}

export const stdio: CliIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

/** One line for the terminal: the message, and what to do when we know it. */
export function formatCliError(e: unknown): string {
  if (isBlogError(e)) return `Error: ${e.message}${e.hint ? `\n${e.hint}` : ''}`
  return `Error: ${e instanceof Error ? e.message : String(e)}`
}
