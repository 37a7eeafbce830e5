import type { AiProvider, EssayInput, ImageRequest } from './provider.js'

/**
 * A provider whose code is loaded by its first call. The local provider reads essays with the
 * whole markdown pipeline and the OpenAI one brings its SDK and resvg: every `blog` command and
 * the server build a Blog, and most never generate anything, so neither is loaded up front.
 * `embed` is there only when the provider has one: search and discovery use embeddings only then.
 */
export function lazyProvider(
  name: AiProvider['name'],
  textModel: string,
  load: () => Promise<AiProvider>,
  embeds: boolean,
): AiProvider {
  let loading: Promise<AiProvider> | null = null
  const real = (): Promise<AiProvider> => {
    // A failed load is tried again by the next call rather than failing every call after it.
    loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    })
    return loading
  }
  const provider: AiProvider = {
    name,
    textModel,
    annotations: async (input: EssayInput) => (await real()).annotations(input),
    bibliography: async (input: EssayInput) => (await real()).bibliography(input),
    summary: async (input: EssayInput) => (await real()).summary(input),
    mathematicalModel: async (input: EssayInput) => (await real()).mathematicalModel(input),
    image: async (request: ImageRequest) => (await real()).image(request),
  }
  if (embeds) {
    provider.embed = async (texts: string[]) => {
      const loaded = await real()
      if (!loaded.embed) throw new Error(`The ${name} provider has no embeddings`)
      return loaded.embed(texts)
    }
  }
  return provider
}
