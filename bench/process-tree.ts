import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/*
 * Memory and CPU of a command with every process it starts: render workers are processes of
 * their own, so the process's own peak (getrusage, VmRSS) leaves most of the work out. Linux /proc.
 */

/** `root` and its descendants. */
export function processTree(root: number): number[] {
  const tree: number[] = []
  const pending = [root]
  while (pending.length > 0) {
    const pid = pending.pop()!
    tree.push(pid)
    let tasks: string[]
    try {
      tasks = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue // gone meanwhile
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
        if (children) pending.push(...children.split(/\s+/).map(Number))
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return tree
}

/**
 * A process's proportional set size in kB: its private pages and its share of those it shares
 * (Node's own code, mapped once by every worker process). Summed over a tree, it is the memory
 * the tree takes; summed resident sizes count the shared pages once per process.
 */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Samples the memory of `root`'s whole tree every `everyMs`; `stop` answers its peak in MB. */
export function pollTreeMemory(root: number, everyMs = 25): { stop: () => number } {
  let peakKb = 0
  const sample = (): void => {
    const kb = processTree(root).reduce((sum, pid) => sum + pssKb(pid), 0)
    peakKb = Math.max(peakKb, kb)
  }
  sample()
  const timer = setInterval(sample, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      return Math.round(peakKb / 1024)
    },
  }
}

export interface MeasuredRun {
  status: number | null
  stdout: string
  stderr: string
  seconds: number
  /** Peak memory of the command's process tree (MB, summed PSS); null when not sampled. */
  peakMB: number | null
  /** CPU time of the command and every process it waited for (user + system, s). */
  cpuSeconds: number
}

/**
 * Runs `command` to its end, measuring its wall time, its CPU and, with `sampleMemory`, its
 * tree's peak memory. Sampling is not free: reading `smaps_rollup` walks each process's page
 * tables under its memory lock, every 25 ms, and on two cores it made a cold corpus import
 * 2–3 s slower (13–14 s sampled, 10.3–11.4 s not, same build, minutes apart). So a figure
 * of time and a figure of memory come from separate runs.
 */
export function measuredRun(
  command: string,
  args: string[],
  { sampleMemory }: { sampleMemory: boolean },
): Promise<MeasuredRun> {
  const started = performance.now()
  // bash's `times` adds up every child it waited for, and their own waited-for children in turn.
  const script = '"$@"; code=$?; printf "\\nbench-times\\n" >&2; times >&2; exit $code'
  const shell = spawn('bash', ['-c', script, 'bench', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const memory = sampleMemory ? pollTreeMemory(shell.pid!) : null
  let stdout = ''
  let stderr = ''
  shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  shell.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    shell.on('error', reject)
    shell.on('close', (status) => {
      const peakMB = memory ? memory.stop() : null
      const at = stderr.lastIndexOf('\nbench-times\n')
      const times =
        at >= 0
          ? stderr
              .slice(at + '\nbench-times\n'.length)
              .trim()
              .split('\n')
          : []
      const seconds = (text: string | undefined): number =>
        (text ?? '').split(/\s+/).reduce((sum, t) => {
          const m = /^(\d+)m([\d.]+)s$/.exec(t)
          return m ? sum + Number(m[1]) * 60 + Number(m[2]) : sum
        }, 0)
      resolve({
        status,
        stdout,
        stderr: at >= 0 ? stderr.slice(0, at) : stderr,
        seconds: (performance.now() - started) / 1000,
        peakMB,
        // The second line of `times`: the children's user and system time.
        cpuSeconds: seconds(times[1]),
      })
    })
  })
}
