import type { ProviderName } from '../ai/choose-provider.js'
import type { AiProvider } from '../ai/provider.js'
import { BlogError, describeError } from '../core/errors.js'
import type { PostMeta } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import type { EnhanceKind } from './types.js'

/** What `blog generate` can make: the text enhancements, and images through the images service. */
export type GenerateKind = EnhanceKind | 'images'

export interface GenerateOptions {
  /** Posts by slug; or `all`. */
  slugs?: string[]
  all?: boolean
  kinds: GenerateKind[]
  provider?: ProviderName
  onProgress?: (event: GenerateProgress) => void
}

export interface GenerateResult {
  postId: number
  slug: string
  kind: GenerateKind
  status: 'done' | 'failed'
  error: string | null
  /** What was dropped from the provider's answer because the essay does not support it (absent when nothing was). */
  notes?: string[]
}

export type GenerateProgress =
  | { type: 'start'; slug: string; kind: GenerateKind; done: number; total: number }
  | { type: 'result'; result: GenerateResult; done: number; total: number }

export interface GenerateReport {
  /** The provider of the text kinds. */
  provider: ProviderName
  results: GenerateResult[]
  summary: { done: number; failed: number }
}

type Outcome = { ok: true; value: unknown; notes?: string[] } | { ok: false; error: unknown }
type EnhanceMany = (
  postId: number,
  kinds: EnhanceKind[],
  provider: ProviderName | undefined,
  onResult: (kind: EnhanceKind, outcome: Outcome) => void,
) => Promise<void>

/** Remote providers answer slowly but in parallel; the local one is CPU-bound and gains nothing from it. */
const CONCURRENCY: Record<ProviderName, number> = { local: 1, openai: 4 }

/**
 * Runs several kinds for several posts: each post's kinds in turn (they share one reading of
 * the essay), posts in parallel up to the provider's limit. Results come back in the order
 * asked, whatever order they finished in.
 */
export async function runBatch(
  store: Store,
  options: GenerateOptions,
  work: {
    enhanceMany: EnhanceMany
    images: ((postId: number) => Promise<unknown>) | null
    provider: (name?: ProviderName) => AiProvider
  },
): Promise<GenerateReport> {
  const posts = selectPosts(store, options)
  if (options.kinds.includes('images') && !work.images)
    throw new BlogError('NOT_IMPLEMENTED', 'Image generation is not available in this version of Scholia.')
  // An unusable provider (openai without a key) is a usage error, found before any work.
  const providerName = work.provider(options.provider).name
  const limit = CONCURRENCY[providerName]
  const textKinds = options.kinds.filter((k): k is EnhanceKind => k !== 'images')
  const total = posts.length * options.kinds.length
  const results: GenerateResult[][] = posts.map(() => [])
  let done = 0
  let next = 0
  const worker = async () => {
    while (next < posts.length) {
      const i = next++
      const post = posts[i]
      options.onProgress?.({ type: 'start', slug: post.slug, kind: options.kinds[0], done, total })
      const record = (kind: GenerateKind, outcome: Outcome) => {
        const result: GenerateResult = {
          postId: post.id,
          slug: post.slug,
          kind,
          status: outcome.ok ? 'done' : 'failed',
          error: outcome.ok ? null : describeError(outcome.error),
          ...(outcome.ok && outcome.notes?.length ? { notes: outcome.notes } : {}),
        }
        results[i].push(result)
        done++
        options.onProgress?.({ type: 'result', result, done, total })
        const following = options.kinds[options.kinds.indexOf(kind) + 1]
        if (following) options.onProgress?.({ type: 'start', slug: post.slug, kind: following, done, total })
      }
      try {
        if (textKinds.length > 0) await work.enhanceMany(post.id, textKinds, options.provider, record)
        if (work.images && options.kinds.includes('images')) {
          await work.images(post.id).then(
            (value) => record('images', { ok: true, value }),
            (error: unknown) => record('images', { ok: false, error }),
          )
        }
      } catch (e) {
        // The post itself could not be read (deleted meanwhile): every kind not yet reported fails with it.
        for (const kind of options.kinds)
          if (!results[i].some((r) => r.kind === kind)) record(kind, { ok: false, error: e })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, posts.length) }, worker))
  const flat = results.flat()
  const failed = flat.filter((r) => r.status === 'failed').length
  return { provider: providerName, results: flat, summary: { done: flat.length - failed, failed } }
}

function selectPosts(store: Store, options: GenerateOptions): PostMeta[] {
  const slugs = options.slugs ?? []
  if (options.all && slugs.length > 0) throw new BlogError('VALIDATION', 'Give either slugs or --all, not both.')
  if (options.kinds.length === 0) throw new BlogError('VALIDATION', 'Choose at least one kind of enhancement.')
  if (options.all) return [...store.posts()]
  if (slugs.length === 0) throw new BlogError('VALIDATION', 'Name the posts to enhance by their slugs, or use --all.')
  const missing = slugs.filter((s) => !store.postBySlug(s))
  if (missing.length > 0)
    throw new BlogError(
      'POST_NOT_FOUND',
      `No post with the slug ${missing.map((s) => `"${s}"`).join(', ')}. Nothing was generated.`,
    )
  return [...new Set(slugs)].map((s) => store.postBySlug(s)!)
}
