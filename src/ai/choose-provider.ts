import type { BlogConfig } from '../core/config.js'
import { BlogError } from '../core/errors.js'
import { lazyProvider } from './lazy-provider.js'
import { LOCAL_TEXT_MODEL } from './local/text-model.js'
import type { AiProvider } from './provider.js'

export type ProviderName = AiProvider['name']

type AiSettings = Pick<
  BlogConfig,
  | 'aiProvider'
  | 'openaiApiKey'
  | 'openaiBaseUrl'
  | 'openaiModel'
  | 'openaiEmbeddingModel'
  | 'openaiTimeoutMs'
  | 'openaiMaxRetries'
>

/**
 * The provider a setting names (`--provider` on the command line overrides `aiProvider`).
 * `openai` without a key is refused here, with what to do, rather than failing on the first call.
 */
export function chooseProvider(config: AiSettings, override?: ProviderName): AiProvider {
  const name = override ?? config.aiProvider
  if (name === 'local')
    return lazyProvider(
      'local',
      LOCAL_TEXT_MODEL,
      async () => new (await import('./local/local-provider.js')).LocalProvider(),
      false,
    )
  if (!config.openaiApiKey) {
    throw new BlogError(
      'AI_UNAVAILABLE',
      'The openai provider needs an API key, and none is set.',
      'Set OPENAI_API_KEY (and OPENAI_BASE_URL for a compatible server), or use the local provider (--provider local or BLOG_AI_PROVIDER=local).',
    )
  }
  const settings = {
    apiKey: config.openaiApiKey,
    baseUrl: config.openaiBaseUrl,
    model: config.openaiModel,
    embeddingModel: config.openaiEmbeddingModel,
    timeoutMs: config.openaiTimeoutMs,
    maxRetries: config.openaiMaxRetries,
  }
  return lazyProvider(
    'openai',
    settings.model,
    async () => {
      const [{ createOpenAiClient }, { OpenAiProvider }] = await Promise.all([
        import('./openai/client.js'),
        import('./openai/openai-provider.js'),
      ])
      return new OpenAiProvider(createOpenAiClient(settings), settings)
    },
    true,
  )
}
