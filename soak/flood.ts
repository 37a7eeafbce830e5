import autocannon from 'autocannon'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export interface FloodResult {
  requests: number
  rps: number
  p99Ms: number
  /** Connection errors and timeouts. */
  errors: number
  /** Answers by status code. */
  statuses: Record<string, number>
}

export interface FloodOptions {
  url: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  connections?: number
  /** Seconds; or stop after `amount` requests. */
  duration?: number
  amount?: number
}

/** autocannon the way bench/load.ts runs it, keeping the count of every status code. */
export async function flood(o: FloodOptions): Promise<FloodResult> {
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    body: o.body,
    headers: { ...(o.body ? { 'content-type': 'application/json' } : {}), ...o.headers },
    connections: o.connections ?? 64,
    pipelining: 1,
    ...(o.amount ? { amount: o.amount } : { duration: o.duration ?? 10 }),
  })
  const statuses: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = (stat as { count: number }).count
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  }
}

/** Bytes of every file under `dir`. */
export function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isDirectory()) total += folderBytes(path)
    else if (entry.isFile()) total += statSync(path).size
  }
  return total
}

/** Answers other than 2xx and the intended 429s. */
export function unexpected(r: FloodResult): number {
  return (
    Object.entries(r.statuses).reduce(
      (n, [code, count]) => (code.startsWith('2') || code === '429' ? n : n + count),
      0,
    ) + r.errors
  )
}
