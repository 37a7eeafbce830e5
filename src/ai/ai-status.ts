import type { BlogConfig } from '../core/config.js'
import type { AiStatus } from '../shared/schemas/index.js'

/**
 * Which provider the settings pick, told without making one (choose-provider.ts makes it):
 * `openai` with a key; `local`, the embedded default without one; and `unavailable` when
 * openai is asked for (BLOG_AI_PROVIDER=openai) but no key is set, so every call would fail.
 * Only OpenAI's image models read the regeneration dialog's model, quality and style.
 */
export function aiStatusOf(config: Pick<BlogConfig, 'aiProvider' | 'openaiApiKey'>): AiStatus {
  const provider = config.aiProvider === 'local' ? 'local' : config.openaiApiKey ? 'openai' : 'unavailable'
  return { images: provider, text: provider, imageOptionsApply: provider === 'openai' }
}
