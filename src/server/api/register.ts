import express, { type Request, type RequestHandler, type Response, type Router } from 'express'
import type { z } from 'zod'
import { ENDPOINTS, type EndpointName, type Endpoints } from '../../shared/api/endpoints.js'
import type { Access, Endpoint, OutputOf } from '../../shared/api/endpoint.js'
import { ENDPOINT_INPUTS, type InputSpec, type ParsedInput } from '../../shared/api/inputs.js'
import { http, parseInput } from '../http.js'
import { adminOnly, signedInOnly } from '../middleware/guards.js'

/** What a handler gives back: the JSON answer, or nothing when it sent a page, a file or a 204 itself. */
type Answer<K extends EndpointName> = Endpoints[K]['output']['kind'] extends 'json' ? OutputOf<Endpoints[K]> : void

/** A thin adapter over the core: reads its parsed input, answers with data. */
export type Handler<K extends EndpointName> = (
  input: ParsedInput<K>,
  req: Request,
  res: Response,
) => Promise<Answer<K>> | Answer<K>

export type Handlers<K extends EndpointName> = { [N in K]: Handler<N> }

/** The guard each access rule puts before validation, so an outsider learns nothing about a call's input. */
export const GUARDS: Readonly<Record<Access, readonly RequestHandler[]>> = {
  public: [],
  // The auth service decides who may create an admin, before it reads the body.
  setup: [],
  'signed-in': [signedInOnly],
  admin: [adminOnly],
}

/** Whole essays as JSON (16 MB), read only once the guard has let the caller in. */
const essayJson = express.json({ limit: '16mb' })

/**
 * Registers one endpoint of the table on a router: its guard, its body reader, its cache rule,
 * then the handler with its input parsed by the table's schemas (a 400 `{message}` on failure).
 * `before` runs after the guard, ahead of the handler (the upload's multipart reader).
 */
export function register<K extends EndpointName>(
  router: Router,
  name: K,
  handler: Handler<K>,
  before: readonly RequestHandler[] = [],
): void {
  const endpoint: Endpoint = ENDPOINTS[name]
  const spec: InputSpec = ENDPOINT_INPUTS[name]
  const chain: RequestHandler[] = [...GUARDS[endpoint.access]]
  if (endpoint.body === 'essay-json') chain.push(essayJson)
  if (endpoint.cache !== 'default') {
    const rule = endpoint.cache
    chain.push((_req, res, next) => {
      res.set('Cache-Control', rule)
      next()
    })
  }
  chain.push(
    ...before,
    http((req, res) => handler(parsedInput<K>(spec, req), req, res)),
  )
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  router[method](endpoint.path, ...chain)
}

/** Registers a route module's endpoints in the order its handlers are listed (Express matches in that order). */
export function registerAll<K extends EndpointName>(
  router: Router,
  handlers: Handlers<K>,
  before: Partial<Record<K, readonly RequestHandler[]>> = {},
): Router {
  for (const name of Object.keys(handlers) as K[]) register(router, name, handlers[name], before[name])
  return router
}

/** Each part parsed on first read, once: the handler decides what is looked at first. */
function parsedInput<K extends EndpointName>(spec: InputSpec, req: Request): ParsedInput<K> {
  const parsed = new Map<string, unknown>()
  const once = (part: string, read: () => unknown) => {
    if (!parsed.has(part)) parsed.set(part, read())
    return parsed.get(part)
  }
  return {
    get params() {
      return once('params', () => parseParams(spec.params, req.params))
    },
    get query() {
      return once('query', () => (spec.query ? parseInput(spec.query, req.query) : undefined))
    },
    get body() {
      return once('body', () =>
        spec.body ? parseInput(spec.body, spec.emptyBody ? (req.body ?? {}) : req.body) : undefined,
      )
    },
  } as ParsedInput<K>
}

function parseParams(schema: InputSpec['params'], params: Request['params']): unknown {
  if (!schema) return {}
  if (isZodType(schema)) return parseInput(schema, params)
  const out: Record<string, unknown> = {}
  for (const [name, one] of Object.entries(schema)) out[name] = parseInput(one, params[name])
  return out
}

const isZodType = (value: unknown): value is z.ZodType =>
  typeof (value as { safeParse?: unknown }).safeParse === 'function'
