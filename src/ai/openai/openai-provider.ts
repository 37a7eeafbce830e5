import type { z } from 'zod'
import { BlogError } from '../../core/errors.js'
import type { Annotation, Bibliography, MathematicalModel } from '../../shared/schemas/index.js'
import { withCitedEntries } from '../../bibliography/cited-references.js'
import { siteIndex } from '../../text/site-index.js'
import type { AiProvider, EssayInput, GeneratedImage, ImageRequest } from '../provider.js'
import type { OpenAiClient, OpenAiSettings } from './client.js'
import { generateOpenAiImage } from './images.js'
import { OUTPUTS, type OutputKind } from './output-schemas.js'
import { messagesFor } from './prompts.js'
import { strictJsonSchema } from './strict-schema.js'
import { checkAnnotations, checkBibliography, checkModel, type Checked } from './verify-answers.js'

const WHAT: Record<OutputKind, string> = {
  annotations: 'annotations',
  bibliography: 'a bibliography',
  summary: 'a summary',
  mathematicalModel: 'a mathematical model',
}
/** The embeddings API takes at most 2,048 inputs per call. */
const EMBED_BATCH = 512
const SEED = 20_221

/**
 * The `openai` provider: chat completions with structured outputs, whose JSON schema is
 * made from the same zod schemas that validate what is stored; the answer is validated
 * again before anything is returned. Works with any OpenAI-compatible server.
 */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const
  readonly textModel: string

  constructor(
    private readonly client: OpenAiClient,
    private readonly settings: Pick<OpenAiSettings, 'model' | 'embeddingModel'>,
  ) {
    this.textModel = settings.model
  }

  /** Only annotations whose target the essay holds. */
  async annotations(input: EssayInput): Promise<Annotation[]> {
    return kept(
      input,
      'annotations',
      checkAnnotations((await this.structured('annotations', input)).annotations, input.plainText),
    )
  }

  /**
   * The essay's cited entries come first as the author's bibliography gives them; the model's
   * answer adds to them, never replaces them, and only with works the essay names and the
   * site's essays it was offered.
   */
  async bibliography(input: EssayInput): Promise<Bibliography> {
    const sources = [input.markdown, JSON.stringify(input.frontmatter), JSON.stringify(input.references ?? [])].join(
      '\n',
    )
    const checked = checkBibliography(await this.structured('bibliography', input), sources, relatedTitles(input))
    return withCitedEntries(kept(input, 'bibliography entries', checked), input.references)
  }

  async summary(input: EssayInput): Promise<string> {
    return (await this.structured('summary', input)).summary
  }

  /** Only equations the essay writes and symbols it uses. */
  async mathematicalModel(input: EssayInput): Promise<MathematicalModel> {
    return kept(
      input,
      'equations and variables',
      checkModel(await this.structured('mathematicalModel', input), essayTex(input)),
    )
  }

  async image(request: ImageRequest): Promise<GeneratedImage> {
    return generateOpenAiImage(await this.client(), request)
  }

  /** Floats, not the package's default base64: compatible servers do not all speak base64. */
  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = []
    for (let i = 0; i < texts.length; i += EMBED_BATCH) {
      const res = await this.call('embeddings', async () =>
        (await this.client()).embeddings.create({
          model: this.settings.embeddingModel,
          input: texts.slice(i, i + EMBED_BATCH),
          encoding_format: 'float',
        }),
      )
      out.push(...[...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding))
    }
    return out
  }

  private async structured<K extends OutputKind>(kind: K, input: EssayInput): Promise<z.output<(typeof OUTPUTS)[K]>> {
    const schema = OUTPUTS[kind]
    // Further reading may only name essays of this site: the model is given them, not asked to recall any.
    const related = kind === 'bibliography' ? relatedTitles(input) : []
    const completion = await this.call(WHAT[kind], async () =>
      (await this.client()).chat.completions.create({
        model: this.settings.model,
        messages: messagesFor(kind, input, related),
        // The same essay gives the same answer, as far as the server allows.
        temperature: 0,
        seed: SEED,
        response_format: {
          type: 'json_schema',
          json_schema: { name: `scholia_${kind}`, strict: true, schema: strictJsonSchema(schema) },
        },
      }),
    )
    const message = completion.choices[0]?.message
    if (message?.refusal) throw failure(WHAT[kind], `the model refused: ${message.refusal}`)
    if (!message?.content) throw failure(WHAT[kind], 'the answer was empty')
    let json: unknown
    try {
      json = JSON.parse(message.content)
    } catch {
      throw failure(WHAT[kind], 'the answer is not valid JSON')
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw failure(
        WHAT[kind],
        `the answer does not match the expected shape (${issue.path.join('.') || 'top level'}: ${issue.message})`,
      )
    }
    return parsed.data as z.output<(typeof OUTPUTS)[K]>
  }

  /** One API call; what the package could not recover from (after its retries) becomes a clear BlogError. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (e) {
      // loaded already: the call that failed loaded it
      const { default: OpenAI } = await import('openai')
      if (e instanceof OpenAI.APIConnectionTimeoutError) throw failure(what, 'the request timed out')
      if (e instanceof OpenAI.APIConnectionError) throw failure(what, `could not reach the server (${e.message})`)
      if (e instanceof OpenAI.APIError) throw failure(what, `the server answered ${e.message}`)
      throw e
    }
  }
}

function failure(what: string, why: string): BlogError {
  return new BlogError(
    'AI_FAILED',
    `OpenAI could not generate ${what}: ${why.replace(/[.\s]+$/, '')}. Nothing was changed.`,
  )
}

function kept<T>(input: EssayInput, what: string, checked: Checked<T>): T {
  if (checked.dropped > 0) input.onDropped?.(what, checked.dropped)
  return checked.value
}

/** Every formula the essay writes, displayed and inline, from its reading (else its markdown). */
function essayTex(input: EssayInput): string[] {
  if (!input.reading) return [input.markdown]
  return input.reading.flatMap((b) =>
    b.kind === 'display'
      ? [b.tex]
      : b.kind === 'prose' || b.kind === 'heading'
        ? b.segments.flatMap((s) => (s.kind === 'math' ? [s.tex] : []))
        : [],
  )
}

function relatedTitles(input: EssayInput): string[] {
  const index = siteIndex(input.site)
  return index.related(index.vectorFor(input.post, input.plainText), input.post.id, 5).map((p) => p.title)
}
