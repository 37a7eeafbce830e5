import OpenAI from 'openai'

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

/** The one place the openai client is made: the key, the server, the timeout and the retry policy. */
export function createOpenAiClient(settings: OpenAiSettings): OpenAI {
  return new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: settings.timeoutMs, maxRetries: settings.maxRetries })
}
