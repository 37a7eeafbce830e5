import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'

export interface LoadResult {
  rps: number
  p99Ms: number
  errors: number
  non2xx: number
}

/** 64 connections for `seconds`, the way the issue states the target. */
export async function load(url: string, seconds = 10, connections = 64): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 })
  return { rps: result.requests.average, p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx }
}

/** Start a process and resolve with the URL it prints. */
export function startProcess(cmd: string, args: string[], pattern: RegExp, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const onData = (d: Buffer) => {
      out += d
      const m = pattern.exec(out)
      if (m) resolve({ child, match: m })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => (out += d))
    child.on('exit', (code) => reject(new Error(`${cmd} exited with ${code}: ${out}`)))
  })
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
