import { pathFor, type OutputOf, type ParamNames, type ParamsOf } from '../../src/shared/api/endpoint.js'
import { ENDPOINTS, type EndpointName, type Endpoints } from '../../src/shared/api/endpoints.js'
// Types only: the schemas themselves (zod) stay out of the browser's bundle.
import type { BodyOf } from '../../src/shared/api/inputs.js'
import { apiRequest } from './query-client.js'

type NeedsParams<K extends EndpointName> = [ParamNames<Endpoints[K]['path']>] extends [never] ? false : true

/** What a call sends: its path parameters, its body (typed by the endpoint's input schema) and a query string. */
export type CallInput<K extends EndpointName> = (NeedsParams<K> extends true
  ? { params: ParamsOf<Endpoints[K]> }
  : { params?: never }) &
  (BodyOf<K> extends undefined ? { body?: never } : { body: BodyOf<K> }) & { query?: string; signal?: AbortSignal }

/** The address of an endpoint of the table, its parameters filled in. */
export function urlOf<K extends EndpointName>(name: K, input?: { params?: unknown; query?: string }): string {
  const path = pathFor(ENDPOINTS[name] as { path: string }, (input?.params ?? {}) as never, input?.query)
  return path
}

/** The raw answer of a call (for a file or a status); non-OK answers throw ApiError (SPEC §8). */
export function request<K extends EndpointName>(
  name: K,
  ...[input]: Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
): Promise<Response> {
  const { body, signal } = (input ?? {}) as { body?: unknown; signal?: AbortSignal }
  return apiRequest(ENDPOINTS[name].method, urlOf(name, input), body, signal)
}

/** Calls an endpoint of the table and reads its JSON answer, typed by the table. */
export async function call<K extends EndpointName>(
  name: K,
  ...args: Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
): Promise<OutputOf<Endpoints[K]>> {
  return (await (await request(name, ...args)).json()) as OutputOf<Endpoints[K]>
}

/** A multipart call (the upload): the form goes as it is, whatever the endpoint's JSON body would be. */
export async function callWithForm<K extends EndpointName>(name: K, form: FormData): Promise<OutputOf<Endpoints[K]>> {
  return (await (await apiRequest(ENDPOINTS[name].method, urlOf(name), form)).json()) as OutputOf<Endpoints[K]>
}
