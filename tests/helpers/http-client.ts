/**
 * A browser-like API client for integration tests: keeps its own cookies (so several clients
 * are several sessions), sends JSON, and returns status, headers and parsed body.
 */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: T
  text: string
}

export class ApiClient {
  /** Every response body and header block any client received, for "never leaks" checks. */
  static readonly transcript: string[] = []
  readonly cookies = new Map<string, string>()

  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  get<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    return this.request<T>('GET', path, undefined, headers)
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    return this.request<T>('POST', path, body, headers)
  }

  patch<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    return this.request<T>('PATCH', path, body, headers)
  }

  /** The Cookie header this client would send, to replay an old session later. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const init: RequestInit = { method, redirect: 'manual', headers: { ...this.defaults, ...headers } }
    const cookie = this.cookieHeader()
    if (cookie) (init.headers as Record<string, string>).cookie = cookie
    if (body !== undefined) {
      ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
    }
    const res = await fetch(`${this.baseUrl}${path}`, init)
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    ApiClient.transcript.push(`${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`)
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }
}
