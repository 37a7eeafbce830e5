import { QueryClient } from '@tanstack/react-query'
import type { QueryFunction } from '@tanstack/react-query'

/**
 * A non-OK answer from the API. The message follows SPEC §8 exactly:
 * `${status}: ${body text || status text}`; `status` is kept for branching (404 → not found).
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const body = await res.text().catch(() => '')
  throw new ApiError(res.status, body, res.statusText)
}

/** The URL a query key stands for: its parts joined with '/' (['/api/posts', slug] → /api/posts/slug). */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/')
}

/** Every query without its own queryFn fetches the URL its key spells (SPEC §7: with cookies). */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal })
  await throwIfNotOk(res)
  return res.json()
}

/**
 * Calls the API for a mutation. Form data goes as is; any other body as JSON (SPEC §7).
 * Resolves to the raw Response so callers read JSON, text or a file as they need.
 */
export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' }
  if (signal) init.signal = signal
  if (body instanceof FormData) {
    init.body = body
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  const res = await fetch(url, init)
  await throwIfNotOk(res)
  return res
}

/** SPEC §7 defaults: data is never stale, no retries, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        // Seeded by the server or fetched once, data stays until a change invalidates it, so
        // hydration does not refetch (and re-render) what the page already shows.
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
