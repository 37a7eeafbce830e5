import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake received, with what was wrong with its shape (empty when it was as OpenAI expects). */
export interface FakeRequest {
  path: string
  authorization: string | undefined
  body: Record<string, unknown>
  problems: string[]
}

/** What the fake sends back for one request. */
export type FakeAnswer =
  | { kind: 'json'; content: unknown }
  | { kind: 'text'; content: string }
  | { kind: 'refusal'; refusal: string }
  | { kind: 'status'; status: number; message?: string }

/** Builds a good answer for a chat request from its schema name (`scholia_annotations`…) when none is queued. */
export type Responder = (body: Record<string, unknown>) => unknown

/**
 * An OpenAI-compatible server for tests (node:http), so the openai client really talks HTTP.
 * It checks each request's shape — the bearer key, the model, a strict `json_schema` response
 * format for chat, a model and inputs for embeddings — and answers what the test queued:
 * good JSON, malformed text, a refusal, or an error status (429 and 5xx with `retry-after-ms`
 * so the client's retries wait milliseconds, not seconds).
 */
export class FakeOpenAi {
  readonly requests: FakeRequest[] = []
  private readonly queue: FakeAnswer[] = []
  private server: Server | null = null
  url = ''

  constructor(
    private readonly key = 'sk-test',
    private readonly responder: Responder = () => ({}),
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
    return this
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  /** Answers for the next requests, in order; after them, the responder's good answers. */
  answer(...answers: FakeAnswer[]): void {
    this.queue.push(...answers)
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = ''
    for await (const chunk of req) raw += chunk
    let body: Record<string, unknown> = {}
    const problems: string[] = []
    try {
      body = JSON.parse(raw) as Record<string, unknown>
    } catch {
      problems.push('body is not JSON')
    }
    const path = (req.url ?? '').replace(/\?.*$/, '')
    if (req.headers.authorization !== `Bearer ${this.key}`)
      problems.push(`authorization is ${req.headers.authorization}`)
    if (typeof body.model !== 'string' || !body.model) problems.push('no model')
    if (path === '/v1/chat/completions') problems.push(...chatProblems(body))
    else if (path === '/v1/embeddings') {
      if (!Array.isArray(body.input) && typeof body.input !== 'string') problems.push('no input')
    } else problems.push(`unknown path ${path}`)
    this.requests.push({ path, authorization: req.headers.authorization, body, problems })
    if (problems.length > 0)
      return send(res, 400, {
        error: { message: `fake-openai: ${problems.join('; ')}`, type: 'invalid_request_error' },
      })

    if (path === '/v1/embeddings') {
      const inputs = Array.isArray(body.input) ? body.input : [body.input]
      return send(res, 200, {
        object: 'list',
        model: body.model,
        data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: [String(text).length, index, 1] })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      })
    }
    const next = this.queue.shift() ?? { kind: 'json', content: this.responder(body) }
    switch (next.kind) {
      case 'status':
        return send(
          res,
          next.status,
          { error: { message: next.message ?? `fake-openai says ${next.status}`, type: 'server_error' } },
          { 'retry-after-ms': '5' },
        )
      case 'refusal':
        return send(res, 200, completion(body, null, next.refusal))
      case 'text':
        return send(res, 200, completion(body, next.content, null))
      default:
        return send(res, 200, completion(body, JSON.stringify(next.content), null))
    }
  }
}

/** Structured outputs as OpenAI accepts them in strict mode: closed objects, every property required. */
function chatProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = []
  if (!Array.isArray(body.messages) || body.messages.length === 0) problems.push('no messages')
  const format = body.response_format as
    { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> } } | undefined
  if (format?.type !== 'json_schema') return [...problems, 'response_format is not json_schema']
  const spec = format.json_schema
  if (!spec?.name || !/^[\w-]{1,64}$/.test(spec.name)) problems.push('json_schema has no valid name')
  if (spec?.strict !== true) problems.push('json_schema is not strict')
  if (!spec?.schema || spec.schema.type !== 'object') problems.push('json_schema.schema is not an object schema')
  else problems.push(...strictProblems(spec.schema, 'schema'))
  return problems
}

function strictProblems(node: unknown, at: string): string[] {
  if (!node || typeof node !== 'object') return []
  if (Array.isArray(node)) return node.flatMap((n, i) => strictProblems(n, `${at}[${i}]`))
  const o = node as Record<string, unknown>
  const out: string[] = []
  if (o.type === 'object') {
    const keys = Object.keys((o.properties as object | undefined) ?? {})
    if (o.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`)
    const required = new Set((o.required as string[] | undefined) ?? [])
    for (const k of keys) if (!required.has(k)) out.push(`${at}.${k} is not required`)
  }
  for (const k of ['minLength', 'maxLength', 'default'])
    if (k in o) out.push(`${at}: ${k} is not supported in strict mode`)
  for (const [k, v] of Object.entries(o)) out.push(...strictProblems(v, `${at}.${k}`))
  return out
}

function completion(body: Record<string, unknown>, content: string | null, refusal: string | null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  }
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(json))
}

/** Good answers for each kind, as a careful model would give them. */
export const GOOD: Record<string, unknown> = {
  scholia_annotations: {
    annotations: [
      {
        type: 'definition',
        targetText: 'integral',
        annotation: 'A sum over a continuum.',
        category: 'calculus',
        priority: 'high',
      },
    ],
  },
  scholia_bibliography: {
    introduction: 'The essay cites one work.',
    entries: [
      {
        id: 'ref-1',
        type: 'book',
        year: 1774,
        title: 'Mémoire',
        authors: ['Laplace'],
        publication: null,
        volume: null,
        issue: null,
        pages: null,
        relevance: null,
        quote: null,
        url: null,
        doi: null,
        isbn: null,
      },
    ],
    furtherReading: [],
  },
  scholia_summary: { summary: 'The Gaussian integral equals the square root of pi.' },
  scholia_mathematicalModel: {
    field: 'calculus',
    abstract: 'The Gaussian integral.',
    variables: [
      {
        symbol: 'x',
        name: 'variable of integration',
        description: 'Real line.',
        unit: '',
        range: '(-∞, ∞)',
        measurability: 'theoretical',
      },
    ],
    equations: [{ name: 'Gaussian integral', equation: 'I = \\sqrt{\\pi}', description: 'Its value.' }],
    systemDynamics: 'Static.',
    validation: {
      reliability: 'high',
      strengths: ['Exact.'],
      limitations: [],
      validationMethods: ['Polar coordinates.'],
    },
    practicalApplications: ['Normal distributions.'],
  },
}

/** The responder for GOOD: the answer named by the request's schema. */
export const goodAnswers: Responder = (body) =>
  GOOD[(body.response_format as { json_schema: { name: string } }).json_schema.name]
