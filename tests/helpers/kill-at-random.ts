import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from './temp-dir.js'
import { cliSourceMode } from './cli-mode.js'

const BIN = join(projectRoot, 'bin', 'blog.js')

export interface KilledRun {
  /** Whether the process was still running when killed (false: it finished first). */
  killed: boolean
  code: number | null
  stdout: string
}

/** A seeded random source, so a failing run can be repeated with the same kill moments. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}

/** Start `blog ARGS` (compiled when current, see cli-mode.ts) and SIGKILL it after `afterMs`, unless it ended before. */
export function runAndKill(args: string[], afterMs: number, env: NodeJS.ProcessEnv = {}): Promise<KilledRun> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
      cwd: projectRoot,
      env: { ...process.env, SCHOLIA_SOURCE: cliSourceMode(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout!.on('data', (d: Buffer) => (stdout += d))
    child.stderr!.resume()
    let killed = false
    const timer = setTimeout(() => {
      killed = child.exitCode === null
      child.kill('SIGKILL')
    }, afterMs)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ killed, code, stdout })
    })
  })
}

/**
 * Start `blog ARGS` and SIGKILL it `extraMs` after `ready()` first holds (polled), to aim the
 * kill at a moment that matters, such as a commit under way; unless it ended before.
 */
export function runAndKillWhen(
  args: string[],
  ready: () => boolean,
  extraMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<KilledRun> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
      cwd: projectRoot,
      env: { ...process.env, SCHOLIA_SOURCE: cliSourceMode(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout!.on('data', (d: Buffer) => (stdout += d))
    child.stderr!.resume()
    let killed = false
    let timer: NodeJS.Timeout | undefined
    const poll = setInterval(() => {
      if (!ready()) return
      clearInterval(poll)
      timer = setTimeout(() => {
        killed = child.exitCode === null
        child.kill('SIGKILL')
      }, extraMs)
    }, 5)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearInterval(poll)
      clearTimeout(timer)
      resolve({ killed, code, stdout })
    })
  })
}

/** Files in `dir` now (0 when it does not exist yet). */
export function fileCount(dir: string): number {
  try {
    return readdirSync(dir).length
  } catch {
    return 0
  }
}
