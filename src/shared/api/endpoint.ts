/**
 * What one HTTP API endpoint is, apart from its input schemas (./inputs.ts): method, path,
 * who may call it, how long an answer may be kept and what it answers. Zod-free on purpose:
 * the browser's first chunk imports this table for its paths, and zod stays out of it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call: anyone; anyone signed in (their own account); admins only. 'setup' is the
 * first-admin rule, which the auth service decides itself (anyone while the site has no admin,
 * then admins or the holder of the setup link), so no guard runs before it.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'setup'

/** The Cache-Control an answer carries; 'default' leaves the header unset (Express's default). */
export type CacheRule = 'default' | 'private, no-store'

/**
 * How the request body is read: small JSON (the app-wide 1 MB parser), a whole essay as JSON
 * (16 MB, read only after the guard) or a multipart upload (read by the route itself).
 */
export type BodyKind = 'json' | 'essay-json' | 'multipart'

/** The answer's kind, with its type for the client (a phantom: nothing of T exists at run time). */
export interface Output<T, K extends 'json' | 'html' | 'text' | 'empty' = 'json' | 'html' | 'text' | 'empty'> {
  readonly kind: K
  readonly type?: T
}
export const json = <T>(): Output<T, 'json'> => ({ kind: 'json' })
/** A small page for a person who followed a link from an e-mail. */
export const html = (): Output<string, 'html'> => ({ kind: 'html' })
/** A file download. */
export const text = (): Output<Blob, 'text'> => ({ kind: 'text' })
/** 204, no body. */
export const empty = (): Output<void, 'empty'> => ({ kind: 'empty' })

export interface Endpoint<T = unknown> {
  readonly method: Method
  /** Express-style, `:name` for a parameter. */
  readonly path: string
  readonly access: Access
  readonly cache: CacheRule
  readonly body?: BodyKind
  readonly output: Output<T>
}

/** The answer's type of an endpoint. */
export type OutputOf<E> = E extends { output: Output<infer T> } ? T : never

/** The names of an endpoint's path parameters, from its path string. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type ParamsOf<E extends { path: string }> = [ParamNames<E['path']>] extends [never]
  ? Record<string, never>
  : { [N in ParamNames<E['path']>]: string | number }

/** The address of a call: the path with its parameters filled in (each URI-encoded), plus an optional query string. */
export function pathFor<E extends { path: string }>(
  endpoint: E,
  ...[params, query]: [ParamNames<E['path']>] extends [never]
    ? [params?: Record<string, never>, query?: string]
    : [params: ParamsOf<E>, query?: string]
): string {
  const values = (params ?? {}) as Record<string, string | number>
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${endpoint.path} needs its "${name}" parameter`)
    return encodeURIComponent(String(values[name]))
  })
  return query ? `${path}?${query}` : path
}

/** Whether a pathname is one of this endpoint's addresses; its decoded parameters if so. A trailing slash is ignored, as Express does. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/')
  const have = pathname.replace(/(.)\/+$/, '$1').split('/')
  if (want.length !== have.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!have[i]) return null
      params[want[i].slice(1)] = safeDecode(have[i])
    } else if (want[i] !== have[i]) {
      return null
    }
  }
  return params
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
