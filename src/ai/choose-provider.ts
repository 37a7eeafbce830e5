import type { BlogConfig } from '../core/config.js'
import { BlogError } from '../core/errors.js'
import { LocalProvider } from './local/local-provider.js'
import { createOpenAiClient } from './openai/client.js'
import { OpenAiProvider } from './openai/openai-provider.js'
import type { AiProvider } from './provider.js'

export type ProviderName = AiProvider['name']

type AiSettings = Pick<BlogConfig, 'aiProvider' | 'openaiApiKey' | 'openaiBaseUrl' | 'openaiModel' | 'openaiEmbeddingModel' | 'openaiTimeoutMs' | 'openaiMaxRetries'>

/**
 * The provider a setting names (`--provider` on the command line overrides `aiProvider`).
 * `openai` without a key is refused here, with what to do, rather than failing on the first call.
 */
export function chooseProvider(config: AiSettings, override?: ProviderName): AiProvider {
  const name = override ?? config.aiProvider
  if (name === 'local') return new LocalProvider()
  if (!config.openaiApiKey) {
    throw new BlogError('AI_UNAVAILABLE', 'The openai provider needs an API key, and none is set.', 'Set OPENAI_API_KEY (and OPENAI_BASE_URL for a compatible server), or use the local provider (--provider local or BLOG_AI_PROVIDER=local).')
  }
  const settings = {
    apiKey: config.openaiApiKey,
    baseUrl: config.openaiBaseUrl,
    model: config.openaiModel,
    embeddingModel: config.openaiEmbeddingModel,
    timeoutMs: config.openaiTimeoutMs,
    maxRetries: config.openaiMaxRetries,
  }
  return new OpenAiProvider(createOpenAiClient(settings), settings)
}
