import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from './temp-dir.js'
import { cliSourceMode } from './cli-mode.js'

const BIN = join(projectRoot, 'bin', 'blog.js')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Run `blog ARGS` as a user would, from the compiled CLI when it is current, else from the TypeScript sources (see cli-mode.ts). With
 * `input`, standard input is a pipe that receives that text and is then closed (a script
 * piping a password); without, it is empty.
 */
export function blog(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? projectRoot,
      env: { ...process.env, SCHOLIA_SOURCE: cliSourceMode(), ...opts.env },
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    if (opts.input !== undefined) {
      // The command may stop reading after the first line: a closed pipe is not our failure.
      child.stdin!.on('error', () => {})
      child.stdin!.end(opts.input)
    }
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => (stdout += d))
    child.stderr!.on('data', (d: Buffer) => (stderr += d))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Start `blog serve` and resolve once it prints its address. */
export function blogServe(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...args], {
      cwd: projectRoot,
      env: { ...process.env, SCHOLIA_SOURCE: cliSourceMode(), ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error(`blog serve did not start:\n${out}`)), 60_000)
    const onData = (d: Buffer) => {
      out += d
      const m = /serving \d+ posts? at (http:\/\/\S+?)\/? /.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({
          url: m[1],
          child,
          output: () => out,
          stop: () =>
            new Promise((res) => {
              if (child.exitCode !== null) return res()
              child.once('exit', () => res())
              child.kill('SIGTERM')
            }),
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => (out += d))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`blog serve exited with ${code}:\n${out}`))
    })
  })
}

/** Poll until `check` passes or the time is up. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (e) {
      if (Date.now() > deadline) throw e
      await new Promise((r) => setTimeout(r, 150))
    }
  }
}
