import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ImageAnswer =
  | { kind: 'png'; bytes: Uint8Array }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'json'; body: unknown }

export interface RecordedRequest {
  method: string
  path: string
  authorization: string | undefined
  body: Record<string, unknown>
}

/**
 * A small OpenAI-compatible images endpoint for tests: records every request to
 * /v1/images/generations and answers with what the test queued (a base64 PNG, an error
 * status, or any JSON), so the openai client really talks HTTP.
 */
export class FakeOpenAiImages {
  readonly requests: RecordedRequest[] = []
  private readonly answers: ImageAnswer[] = []
  private last: ImageAnswer | undefined
  private server: Server | null = null
  url = ''

  /** Queue answers, used in order; once the queue is empty the last one used repeats. */
  answer(...answers: ImageAnswer[]): this {
    this.answers.push(...answers)
    return this
  }

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const body = await readJson(req)
      this.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      })
      const answer = this.answers.length ? (this.last = this.answers.shift()) : this.last
      res.setHeader('content-type', 'application/json')
      if (!answer || req.url !== '/v1/images/generations') {
        res.statusCode = 404
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }))
      } else if (answer.kind === 'status') {
        res.statusCode = answer.status
        res.end(JSON.stringify({ error: { message: answer.message, type: 'server_error' } }))
      } else if (answer.kind === 'json') {
        res.end(JSON.stringify(answer.body))
      } else {
        res.end(
          JSON.stringify({
            created: 1,
            data: [{ b64_json: Buffer.from(answer.bytes).toString('base64'), revised_prompt: 'revised' }],
          }),
        )
      }
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
    return this
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of req) text += chunk
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
