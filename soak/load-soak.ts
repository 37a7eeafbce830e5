import { join } from 'node:path'
import { flood, folderBytes, unexpected, type FloodResult } from './flood.js'

export interface EndpointFigures {
  endpoint: string
  requests: number
  rps: number
  p99Ms: number
  /** Connection errors, timeouts and statuses other than 2xx and intended 429s. */
  errors: number
  status429: number
  statuses: Record<string, number>
}

export interface LoadFigures {
  endpoints: EndpointFigures[]
  floods: EndpointFigures[]
  dataBytesBefore: number
  dataBytesAfter: number
  trackingBytesAfter: number
}

const figures = (endpoint: string, r: FloodResult): EndpointFigures => ({
  endpoint,
  requests: r.requests,
  rps: Math.round(r.rps),
  p99Ms: r.p99Ms,
  errors: unexpected(r),
  status429: r.statuses['429'] ?? 0,
  statuses: r.statuses,
})

/** 64 connections for `seconds` on each reader endpoint and on tracking; then write floods, measuring the data folder. */
export async function loadSoak(
  url: string,
  dataDir: string,
  slug: string,
  postId: number,
  seconds: number,
  log: (s: string) => void,
): Promise<LoadFigures> {
  const endpoints: EndpointFigures[] = []
  const reads: [string, string][] = [
    ['home', '/'],
    ['post page', `/posts/${slug}`],
    ['search', '/api/posts?search=integral'],
  ]
  const advanced = await fetch(`${url}/api/search/advanced?q=integral`).then((r) => r.status)
  if (advanced !== 404) reads.push(['advanced search', '/api/search/advanced?q=integral'])
  const dataBytesBefore = folderBytes(dataDir)
  for (const [name, path] of reads) {
    const r = await flood({ url: `${url}${path}`, duration: seconds })
    endpoints.push(figures(`GET ${path} (${name})`, r))
    log(`  ${name}: ${Math.round(r.rps)} rps, p99 ${r.p99Ms} ms, ${unexpected(r)} errors`)
  }
  const track = JSON.stringify({
    sessionId: 'soak-session',
    postId,
    actionType: 'view',
    actionData: { path: `/posts/${slug}` },
  })
  const t = await flood({ url: `${url}/api/user/track`, method: 'POST', body: track, duration: seconds })
  endpoints.push(figures('POST /api/user/track (tracking)', t))
  log(
    `  tracking: ${Math.round(t.rps)} rps, p99 ${t.p99Ms} ms, ${t.statuses['429'] ?? 0} × 429, ${unexpected(t)} errors`,
  )

  const floods: EndpointFigures[] = []
  const writes: [string, string, string][] = [
    ['POST /api/subscribe', '/api/subscribe', JSON.stringify({ email: 'flood@example.org' })],
    [
      `POST /api/posts/${postId}/comments`,
      `/api/posts/${postId}/comments`,
      JSON.stringify({ name: 'Flood', text: 'The same comment again and again' }),
    ],
    ['POST /api/auth/login', '/api/auth/login', JSON.stringify({ username: 'nobody', password: 'wrong password' })],
  ]
  for (const [name, path, body] of writes) {
    const r = await flood({
      url: `${url}${path}`,
      method: 'POST',
      body,
      connections: 16,
      duration: Math.max(3, Math.round(seconds / 4)),
    })
    floods.push(figures(name, r))
    log(`  ${name}: ${r.requests} requests, ${r.statuses['429'] ?? 0} × 429, statuses ${JSON.stringify(r.statuses)}`)
  }
  return {
    endpoints,
    floods,
    dataBytesBefore,
    dataBytesAfter: folderBytes(dataDir),
    trackingBytesAfter: folderBytes(join(dataDir, 'tracking')),
  }
}
