import { afterAll, describe, expect, it } from 'vitest'
import { chooseProvider } from '../../../src/ai/choose-provider.js'
import { loadConfig } from '../../../src/core/config.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('ai-config-')
const dataDir = tmp.path
afterAll(tmp.cleanup)

describe('choosing the AI provider', () => {
  it('is local without a key, openai with one, and the setting or the flag wins', () => {
    expect(loadConfig({ dataDir }, {}).aiProvider).toBe('local')
    expect(loadConfig({ dataDir }, { OPENAI_API_KEY: 'sk-x' }).aiProvider).toBe('openai')
    expect(loadConfig({ dataDir }, { OPENAI_API_KEY: 'sk-x', BLOG_AI_PROVIDER: 'local' }).aiProvider).toBe('local')
    const config = loadConfig(
      { dataDir },
      { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'llama3' },
    )
    expect(config).toMatchObject({
      openaiModel: 'llama3',
      openaiBaseUrl: 'http://127.0.0.1:9/v1',
      openaiEmbeddingModel: 'text-embedding-3-small',
      openaiMaxRetries: 3,
    })
    expect(chooseProvider(config)).toMatchObject({ name: 'openai', textModel: 'llama3' })
    expect(chooseProvider(config, 'local')).toMatchObject({ name: 'local', textModel: 'scholia-local-1' })
  })

  it('refuses openai without a key, saying what to do', () => {
    const config = loadConfig({ dataDir }, { BLOG_AI_PROVIDER: 'openai' })
    expect(() => chooseProvider(config)).toThrow(/needs an API key/)
    expect(() => loadConfig({ dataDir }, { BLOG_AI_PROVIDER: 'gpt' })).toThrow(/aiProvider/)
  })
})
