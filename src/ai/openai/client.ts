import type OpenAI from 'openai'

export interface OpenAiSettings {
  apiKey: string
  /** Any OpenAI-compatible server (a local model server, say); the official API when absent. */
  baseUrl?: string
  model: string
  embeddingModel: string
  /** Per request, retries included separately. */
  timeoutMs: number
  /** Retries on 408, 409, 429 and 5xx and on lost connections, with exponential backoff (the package's own). */
  maxRetries: number
}

/** The client, made on the first call that needs it. */
export type OpenAiClient = () => Promise<OpenAI>

/**
 * The one place the openai client is made: the key, the server, the timeout and the retry
 * policy. The package (some 150 modules) is loaded then, not when a command starts: most
 * commands, and every one on the local provider, never call it.
 */
export function createOpenAiClient(settings: OpenAiSettings): OpenAiClient {
  let client: Promise<OpenAI> | null = null
  return () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          apiKey: settings.apiKey,
          baseURL: settings.baseUrl,
          timeout: settings.timeoutMs,
          maxRetries: settings.maxRetries,
        }),
    ))
}
