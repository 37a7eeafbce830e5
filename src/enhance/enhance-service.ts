import { readingOf } from '../posts/essay-reading.js'
import { chooseProvider, type ProviderName } from '../ai/choose-provider.js'
import type { AiProvider, EssayInput, Provenance } from '../ai/provider.js'
import type { BlogConfig } from '../core/config.js'
import { BlogError, describeError } from '../core/errors.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import type { MathematicalModel, PostMeta } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import { LABEL, NOUN, STORED, bodyFields, type EnhanceValues } from './kinds.js'
import { runBatch, type GenerateOptions, type GenerateReport } from './batch.js'
import { SiteCorpusCache } from './site-corpus.js'
import { guardAid, isGuarded } from '../ai/guard/index.js'

/** What the guard drops, in the plural, for the job's note ("annotations a reader would not need, dropped: 2"). */
const GUARDED_WHAT = {
  annotations: 'annotations',
  summary: 'summary sentences',
  mathematicalModel: 'symbol names, notes and applications',
} as const
const GUARD_REASON = 'a reader would not need (names, citations, link texts, TeX)'
import type { EnhanceKind, EnhanceRunner } from './types.js'

export interface EnhanceServiceDeps {
  store: Store
  config: BlogConfig
  now: () => Date
  /** Tests inject a provider; by default the one the settings (or `--provider`) name. */
  provider?: (name?: ProviderName) => AiProvider
  /** Banner and content images for `blog generate --images` (the images service). */
  images?: { regenerate(postId: number, input: { imageType: 'both'; provider?: AiProvider }): Promise<unknown> }
  /** Where a provider's dropped answers are reported (parts of an answer not found in the essay). */
  log?: (message: string) => void
}

/**
 * AI enhancement of posts: builds each essay's input from the store, asks the provider,
 * validates the answer and stores it with its provenance in one transaction. An answer that
 * fails validation, or a post that was deleted or rewritten meanwhile, stores nothing.
 */
export class EnhanceService implements EnhanceRunner {
  private readonly providers = new Map<ProviderName | 'default', AiProvider>()
  private readonly corpus: SiteCorpusCache

  constructor(private readonly deps: EnhanceServiceDeps) {
    this.corpus = new SiteCorpusCache(deps.store)
  }

  /**
   * The job runner's entry point (EnhanceRunner): one kind for one post, with the configured
   * provider. Answers what the job should say beside "completed": parts of the answer dropped
   * because the essay does not support them (issue 22: the OpenAI path checks every answer).
   */
  async run(postId: number, kind: EnhanceKind): Promise<{ notes: string[] }> {
    const notes: string[] = []
    await this.fromWeb(postId, kind, notes)
    return { notes }
  }

  /** POST /api/posts/{id}/generate-…: admins only; answers what was stored. */
  async generateFor<K extends EnhanceKind>(viewer: Viewer, postId: number, kind: K): Promise<EnhanceValues[K]> {
    requireAdmin(viewer)
    return this.fromWeb(postId, kind)
  }

  /**
   * One kind as the web asks for it (a post's button, or a bulk job). Annotations come with the
   * post's summary: the spec's post page shows one, and the web has no button of its own for it
   * (DECISIONS.md). The summary is made from the same reading of the essay, and only once the
   * annotations are stored: a failed request stores nothing. If the summary fails, the
   * annotations still stand and the reason goes to the log. `blog generate` keeps its flags apart.
   */
  private async fromWeb<K extends EnhanceKind>(
    postId: number,
    kind: K,
    notes: string[] = [],
  ): Promise<EnhanceValues[K]> {
    if (kind !== 'annotations') return this.enhance(postId, kind, undefined, notes)
    let result: EnhanceValues[K] | undefined
    let failure: unknown
    const stopAfterFailure = true
    await this.enhanceMany(
      postId,
      ['annotations', 'summary'],
      undefined,
      (k, outcome) => {
        if (outcome.ok) notes.push(...outcome.notes)
        if (k === 'annotations') {
          if (outcome.ok) result = outcome.value as EnhanceValues[K]
          else failure = outcome.error
        } else if (!outcome.ok) {
          this.deps.log?.(`The summary of post ${postId} was not made: ${describeError(outcome.error)}`)
        }
      },
      stopAfterFailure,
    )
    if (failure !== undefined) throw failure
    return result!
  }

  /** The model panel's Generate/Regen (SPEC §3: the model and how many variables it has). */
  async generateModel(viewer: Viewer, postId: number): Promise<{ model: MathematicalModel; variablesCount: number }> {
    const model = await this.generateFor(viewer, postId, 'mathematicalModel')
    return { model, variablesCount: model.variables.length }
  }

  /** POST /api/posts/models/bulk-generate: one after another; counts the models made. */
  async generateModels(
    viewer: Viewer,
    postIds: number[],
  ): Promise<{ modelsCreated: number; failed: { postId: number; error: string }[] }> {
    requireAdmin(viewer)
    let modelsCreated = 0
    const failed: { postId: number; error: string }[] = []
    let firstError: unknown = null
    for (const postId of new Set(postIds)) {
      try {
        await this.enhance(postId, 'mathematicalModel')
        modelsCreated++
      } catch (e) {
        firstError ??= e
        failed.push({ postId, error: describeError(e) })
      }
    }
    // Nothing made at all: the caller sees why (e.g. no API key) rather than "0 models".
    if (modelsCreated === 0 && firstError) throw firstError
    return { modelsCreated, failed }
  }

  /** `blog generate`: several kinds for several posts, reporting each; a failure never stops the rest. */
  generate(options: GenerateOptions): Promise<GenerateReport> {
    const images = this.deps.images
    return runBatch(this.deps.store, options, {
      enhanceMany: (postId, kinds, provider, onResult) => this.enhanceMany(postId, kinds, provider, onResult),
      // The run's --provider draws the images too, not only the text.
      images: images
        ? (postId) =>
            images.regenerate(postId, {
              imageType: 'both',
              provider: options.provider ? this.provider(options.provider) : undefined,
            })
        : null,
      provider: (name) => this.provider(name),
    })
  }

  /** One kind for one post: generate, validate, store. Resolves to what was stored. */
  async enhance<K extends EnhanceKind>(
    postId: number,
    kind: K,
    providerName?: ProviderName,
    notes: string[] = [],
  ): Promise<EnhanceValues[K]> {
    let result: EnhanceValues[K] | undefined
    let failure: unknown
    await this.enhanceMany(postId, [kind], providerName, (_k, outcome) => {
      if (outcome.ok) {
        result = outcome.value as EnhanceValues[K]
        notes.push(...outcome.notes)
      } else failure = outcome.error
    })
    if (failure !== undefined) throw failure
    return result!
  }

  /** Several kinds for one post, sharing one essay input (the local provider reads the essay once). */
  private async enhanceMany(
    postId: number,
    kinds: EnhanceKind[],
    providerName: ProviderName | undefined,
    onResult: (kind: EnhanceKind, outcome: EnhanceOutcome) => void,
    /** Leave the remaining kinds undone once one fails (the web's annotations and their summary). */
    stopAfterFailure = false,
  ): Promise<void> {
    const meta = this.deps.store.post(postId)
    if (!meta) throw new BlogError('POST_NOT_FOUND', `No post with id ${postId}.`)
    const provider = this.provider(providerName)
    // The kinds run one after another on one input: what is dropped belongs to the kind running.
    let notes: string[] = []
    const input: EssayInput = {
      ...(await this.input(meta)),
      onDropped: (what, count, reason) => {
        const note = droppedNote(what, count, reason)
        notes.push(note)
        this.deps.log?.(`${meta.slug}: ${note}.`)
      },
    }
    for (const kind of kinds) {
      notes = []
      try {
        const value = this.guarded(kind, this.validate(kind, provider, await provider[kind](input)), input)
        await this.store(meta, kind, value, provider)
        onResult(kind, { ok: true, value, notes })
      } catch (e) {
        onResult(kind, { ok: false, error: e })
        if (stopAfterFailure) return
      }
    }
  }

  private provider(name?: ProviderName): AiProvider {
    const key = name ?? 'default'
    let provider = this.providers.get(key)
    if (!provider) {
      provider = this.deps.provider ? this.deps.provider(name) : chooseProvider(this.deps.config, name)
      this.providers.set(key, provider)
    }
    return provider
  }

  private async input(meta: PostMeta): Promise<EssayInput> {
    const [body, site] = await Promise.all([this.deps.store.body(meta), this.corpus.get()])
    return {
      post: {
        id: meta.id,
        slug: meta.slug,
        title: meta.title,
        tags: meta.tags,
        excerpt: meta.excerpt,
        author: meta.author,
      },
      markdown: body.content,
      plainText: body.plainText,
      frontmatter: body.frontmatter,
      references: body.document?.references ?? [],
      reading: await readingOf(body),
      macros: body.document?.macros ?? [],
      site,
    }
  }

  /**
   * Every reading aid passes the one guard before it is stored, whichever provider made it
   * (issue 39): junk is dropped and counted like any part of an answer the essay does not bear out.
   */
  private guarded<K extends EnhanceKind>(kind: K, value: EnhanceValues[K], input: EssayInput): EnhanceValues[K] {
    if (!isGuarded(kind)) return value
    const { value: kept, dropped } = guardAid(kind, value as never, input)
    if (dropped > 0) input.onDropped?.(GUARDED_WHAT[kind], dropped, GUARD_REASON)
    return kept as EnhanceValues[K]
  }

  private validate<K extends EnhanceKind>(kind: K, provider: AiProvider, value: unknown): EnhanceValues[K] {
    const parsed = STORED[kind].safeParse(value)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    throw new BlogError(
      'AI_FAILED',
      `The ${provider.name} provider returned ${NOUN[kind].text} that ${NOUN[kind].verb} not valid (${issue.path.join('.') || 'value'}: ${issue.message}); nothing was stored.`,
    )
  }

  /** One transaction: the post must still exist with the text the result was made from. */
  private async store<K extends EnhanceKind>(
    meta: PostMeta,
    kind: K,
    value: EnhanceValues[K],
    provider: AiProvider,
  ): Promise<void> {
    const provenance: Provenance = {
      provider: provider.name,
      model: provider.textModel,
      generatedAt: this.deps.now().toISOString(),
    }
    await this.deps.store.transact(async (tx) => {
      const current = tx.post(meta.id)
      if (!current)
        throw new BlogError(
          'POST_NOT_FOUND',
          `“${meta.title}” was deleted while its ${LABEL[kind]} was being generated; nothing was stored.`,
        )
      if (current.contentHash !== meta.contentHash) {
        throw new BlogError(
          'CONFLICT',
          `“${current.title}” changed while its ${LABEL[kind]} was being generated; nothing was stored. Generate it again.`,
        )
      }
      const body = await tx.body(meta.id)
      // Not an edit of the essay: its updated date stays (feeds and sitemaps read it).
      await tx.update(
        meta.id,
        { updatedAt: current.updatedAt },
        { ...bodyFields(kind, value), provenance: { ...body.provenance, [kind]: provenance } },
      )
    })
  }
}

/** One kind's result for a post, with what was dropped from the provider's answer on the way. */
export type EnhanceOutcome = { ok: true; value: unknown; notes: string[] } | { ok: false; error: unknown }

/** "annotations not found in the essay, dropped: 2" (the provider names what, in the plural). */
export function droppedNote(what: string, count: number, reason = 'not found in the essay'): string {
  return `${what} ${reason}, dropped: ${count}`
}
