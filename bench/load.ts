import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'

export interface LoadResult {
  rps: number
  p99Ms: number
  errors: number
  non2xx: number
  /** Which load generator measured it. */
  tool: 'wrk' | 'autocannon'
}

/**
 * wrk (Debian's `wrk` package) when it is installed, else autocannon. On a 2-core machine the
 * load generator and the server share the cores: autocannon, itself JavaScript, needs a whole
 * core to read ~3,200 answers a second of a 90 kB page, so every server (the node:http
 * baseline too) measured the same ~3,200 rps and ~50 ms p99 through it. wrk is C and reads
 * ten times that.
 */
export const loadTool: LoadResult['tool'] = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk'

/** 64 connections for `seconds`, the way the issue states the target. */
export async function load(url: string, seconds = 10, connections = 64): Promise<LoadResult> {
  if (loadTool === 'wrk') return wrk(url, seconds, connections)
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 })
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    tool: 'autocannon',
  }
}

/** One wrk thread, so the other core is the server's. */
async function wrk(url: string, seconds: number, connections: number): Promise<LoadResult> {
  const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (out += d))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${out}`)
  return parseWrk(out)
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** The figures of wrk's `--latency` report. */
export function parseWrk(out: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(out)
  if (!rps || !p99) throw new Error(`Unreadable wrk report:\n${out}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0)
  return { rps: Number(rps[1]), p99Ms: Number(p99[1]) * UNIT_MS[p99[2]], errors, non2xx, tool: 'wrk' }
}

/** Start a process and resolve with the URL it prints. */
export function startProcess(
  cmd: string,
  args: string[],
  pattern: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
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
