import { matchPath, type Endpoint, type Method } from './endpoint.js'
import { ENDPOINTS, type EndpointName } from './endpoints.js'

export interface FoundEndpoint {
  name: EndpointName
  endpoint: Endpoint
  params: Record<string, string>
}

const NAMES = Object.keys(ENDPOINTS) as EndpointName[]
const literalSegments = (path: string) => path.split('/').filter((s) => s && !s.startsWith(':')).length

/**
 * Which endpoint answers a request, by method and pathname (no query): the one with the most
 * literal segments when several match (`/api/posts/annotations` over `/api/posts/:id`). Null
 * for an address the API does not have.
 */
export function findEndpoint(method: string, pathname: string): FoundEndpoint | null {
  let best: (FoundEndpoint & { score: number }) | null = null
  for (const name of NAMES) {
    const endpoint: Endpoint = ENDPOINTS[name]
    if (endpoint.method !== (method.toUpperCase() as Method)) continue
    const params = matchPath(endpoint.path, pathname)
    if (!params) continue
    const score = literalSegments(endpoint.path)
    if (!best || score > best.score) best = { name, endpoint, params, score }
  }
  return best && { name: best.name, endpoint: best.endpoint, params: best.params }
}

export interface FoundQuery extends FoundEndpoint {
  searchParams: URLSearchParams
}

/**
 * The GET endpoint a react-query key stands for. Keys spell their address (web/api/*): the
 * first part a path with its query, each further part one path segment (['/api/posts', slug]),
 * taken whole even when it holds a '/' or a '?'.
 */
export function findQueryEndpoint(queryKey: readonly unknown[]): FoundQuery | null {
  const [first, ...segments] = queryKey
  if (typeof first !== 'string') return null
  const { pathname, searchParams } = new URL(first, 'http://x')
  const path = [pathname, ...segments.map((s) => encodeURIComponent(String(s)))].join('/')
  const found = findEndpoint('GET', path)
  return found && { ...found, searchParams }
}
