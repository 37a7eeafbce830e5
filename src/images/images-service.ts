import { proseText } from '../markdown/reading-text.js'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { GeneratedImage, ImageRequest } from './image-request.js'
import { BlogError } from '../core/errors.js'
import { isAdmin, type Viewer } from '../core/viewer.js'
import { ImageOptionsSchema, type ImageOptions, type PostBody, type PostMeta } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import { LruCache } from '../core/lru-cache.js'
import { parseMediaUrl, type MediaStore } from '../media/media-store.js'
import { conceptsOf } from './concepts.js'
import { drawLocalCard, drawLocalImage, LOCAL_ART_MODEL } from './local-art.js'
import { assertPng } from './png.js'
import { CONTENT_IMAGE_COUNT, IMAGE_SIZES } from './sizes.js'

/** The part of a provider that makes pictures. */
export interface ImageProvider {
  readonly name: 'local' | 'openai'
  image(request: ImageRequest): Promise<GeneratedImage>
}

export const localImageProvider: ImageProvider = { name: 'local', image: drawLocalImage }

export interface RegenerateInput {
  imageType: 'banner' | 'content' | 'both'
  imageOptions?: Partial<ImageOptions>
  /** `blog generate --provider`: this run's provider instead of the configured one. */
  provider?: ImageProvider
}

export interface ImageProgress {
  done: number
  total: number
  message: string
}

export interface ImagesServiceOptions {
  store: Store
  media: MediaStore
  /** Asked at each regeneration, so a changed setting (an API key) takes effect without a restart. */
  provider: () => ImageProvider
  now: () => Date
  log: (message: string) => void
}

/** How often the serving process looks for images nobody uses any more. */
const SWEEP_EVERY_MS = 60 * 60_000

/**
 * Banner and content images of posts: made by the configured provider, stored as content-hashed
 * PNGs, recorded on the post with their provenance. Also the social card drawn for posts
 * without a banner.
 */
export class ImagesService {
  private readonly cards = new LruCache<string, Uint8Array>(32)
  private readonly drawing = new Map<string, Promise<Uint8Array>>()

  constructor(private readonly o: ImagesServiceOptions) {}

  /** Where the files are (the media route and the static build read them). */
  get media(): MediaStore {
    return this.o.media
  }

  /**
   * Make new images for a post and put them in place in one write. If any image fails, the
   * post is left exactly as it was and the new files are removed; replaced files go after.
   */
  async regenerate(
    postId: number,
    input: RegenerateInput,
    onProgress?: (p: ImageProgress) => void,
  ): Promise<{ bannerImage: string | null; contentImages: string[] }> {
    const meta = this.o.store.post(postId)
    if (!meta) throw new BlogError('POST_NOT_FOUND', `No post with id ${postId}.`)
    const body = await this.o.store.body(meta)
    const options = ImageOptionsSchema.parse(input.imageOptions ?? {})
    const provider = input.provider ?? this.o.provider()
    const plan: { kind: 'banner' | 'content'; index: number }[] = []
    if (input.imageType !== 'content') plan.push({ kind: 'banner', index: 0 })
    if (input.imageType !== 'banner')
      for (let i = 0; i < CONTENT_IMAGE_COUNT; i++) plan.push({ kind: 'content', index: i })

    const concepts = conceptsOfPost(meta, body)
    let done = 0
    onProgress?.({
      done,
      total: plan.length,
      message: `Drawing ${plan.length} image${plan.length === 1 ? '' : 's'} with ${provider.name}`,
    })
    const written: string[] = []
    const results = await Promise.allSettled(
      plan.map(async (step) => {
        const request = imageRequest(meta, concepts, options, step.kind, step.index)
        const image = await provider.image(request)
        assertPng(image.png, request.width, request.height, `The ${step.kind} image from ${provider.name}`)
        const url = await this.o.media.putPostImage(postId, step.kind, image.png)
        written.push(url)
        done += 1
        onProgress?.({
          done,
          total: plan.length,
          message: `${step.kind === 'banner' ? 'Banner' : `Content image ${step.index + 1}`} ready`,
        })
        return { ...step, url, image }
      }),
    )
    // Names are content hashes: a new file may be the very file the post already shows.
    const discardWritten = () => {
      const now = this.o.store.post(postId)
      const inUse = new Set([now?.bannerImage, ...(now?.contentImages ?? [])])
      return this.o.media.removeUrls(written.filter((url) => !inUse.has(url)))
    }
    const failure = results.find((r) => r.status === 'rejected')
    if (failure) {
      await discardWritten()
      throw failure.reason
    }
    const made = results.map(
      (r) => (r as PromiseFulfilledResult<{ kind: 'banner' | 'content'; url: string; image: GeneratedImage }>).value,
    )
    const banner = made.find((m) => m.kind === 'banner')
    const contents = made.filter((m) => m.kind === 'content')
    const stamp = (image: GeneratedImage) => ({
      provider: provider.name,
      model: image.model,
      generatedAt: this.o.now().toISOString(),
    })

    let replaced: (string | null)[] = []
    let after: PostMeta
    try {
      after = await this.o.store.transact(async (tx) => {
        const current = tx.post(postId)
        if (!current) throw new BlogError('POST_NOT_FOUND', `Post ${postId} was deleted while its images were drawn.`)
        const provenance = { ...(await tx.body(postId)).provenance }
        const patch: Partial<PostMeta> = { updatedAt: current.updatedAt }
        replaced = []
        if (banner) {
          patch.bannerImage = banner.url
          provenance.bannerImage = stamp(banner.image)
          replaced.push(current.bannerImage)
        }
        if (contents.length) {
          patch.contentImages = contents.map((c) => c.url)
          provenance.contentImages = stamp(contents[0].image)
          replaced.push(...current.contentImages)
        }
        return tx.update(postId, patch, { provenance })
      })
    } catch (e) {
      await discardWritten()
      throw e
    }
    const kept = new Set([after.bannerImage, ...after.contentImages])
    await this.o.media.removeUrls(
      replaced.filter((url) => url && !kept.has(url) && parseMediaUrl(url)?.postId === postId),
    )
    return { bannerImage: after.bannerImage, contentImages: after.contentImages }
  }

  /** Take every image off a post (and remove the files that were ours). */
  async clear(postId: number): Promise<void> {
    const before = await this.o.store.transact(async (tx) => {
      const current = tx.post(postId)
      if (!current) throw new BlogError('POST_NOT_FOUND', `No post with id ${postId}.`)
      const provenance = { ...(await tx.body(postId)).provenance }
      delete provenance.bannerImage
      delete provenance.contentImages
      await tx.update(postId, { bannerImage: null, contentImages: [], updatedAt: current.updatedAt }, { provenance })
      return current
    })
    await this.o.media.removeUrls(
      [before.bannerImage, ...before.contentImages].filter((url) => parseMediaUrl(url)?.postId === postId),
    )
  }

  /**
   * The 1200×630 social card of a post: the local artwork with its title as a palette PNG,
   * drawn once per title/tags/content and kept in memory and under data/media/og, where a
   * static build finds it too. Drafts exist only for admins.
   */
  async socialCard(slug: string, viewer: Viewer): Promise<{ png: Uint8Array; etag: string }> {
    const meta = this.o.store.postBySlug(slug)
    if (!meta || (meta.status !== 'published' && !isAdmin(viewer)))
      throw new BlogError('POST_NOT_FOUND', `No post at "${slug}".`)
    const key = socialCardKey(meta)
    const etag = `"${key}"`
    const cached = this.cards.get(key)
    if (cached) return { png: cached, etag }
    let pending = this.drawing.get(key)
    if (!pending) {
      pending = this.drawCard(meta, key).finally(() => this.drawing.delete(key))
      this.drawing.set(key, pending)
    }
    const png = await pending
    this.cards.set(key, png)
    return { png, etag }
  }

  /** Remove image files no post uses (deleted posts, replaced or cleared images). */
  async sweep(): Promise<number> {
    return this.o.media.sweep((postId) => {
      const meta = this.o.store.post(postId)
      return meta ? new Set([meta.bannerImage, ...meta.contentImages].filter((u): u is string => Boolean(u))) : null
    })
  }

  /**
   * The serving process's housekeeping: sweep now, after posts are deleted, and hourly.
   * Returns a stop function.
   */
  start(): () => void {
    let timer: NodeJS.Timeout | null = null
    const run = () =>
      void this.sweep().catch((e: unknown) => this.o.log(`Media sweep: ${e instanceof Error ? e.message : String(e)}`))
    const soon = () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(run, 2_000)
      timer.unref()
    }
    const onChange = (change: { postIds: number[] }) => {
      if (change.postIds.some((id) => !this.o.store.post(id))) soon()
    }
    this.o.store.on('change', onChange)
    const hourly = setInterval(run, SWEEP_EVERY_MS)
    hourly.unref()
    soon()
    return () => {
      this.o.store.off('change', onChange)
      clearInterval(hourly)
      if (timer) clearTimeout(timer)
    }
  }

  private async drawCard(meta: PostMeta, key: string): Promise<Uint8Array> {
    const path = this.o.media.ogPath(key)
    const stored = path ? await readFile(path).catch(() => null) : null
    if (stored) return new Uint8Array(stored)
    const body = await this.o.store.body(meta)
    const request = imageRequest(meta, conceptsOfPost(meta, body), ImageOptionsSchema.parse({}), 'banner', 0)
    const png = await drawLocalCard(request)
    await this.o.media
      .putOg(key, png)
      .catch((e: unknown) =>
        this.o.log(`Could not keep the social card of "${meta.slug}": ${e instanceof Error ? e.message : String(e)}`),
      )
    return png
  }
}

/** How a card is kept: cards stored in another form under data/media/og are drawn again once. */
const CARD_FORMAT = 'palette-png'

/** What the card is drawn from; a change to any of it gives a new card (and a new address version). */
export function socialCardKey(meta: Pick<PostMeta, 'slug' | 'title' | 'tags' | 'contentHash'>): string {
  return createHash('sha256')
    .update(JSON.stringify([LOCAL_ART_MODEL, CARD_FORMAT, meta.slug, meta.title, meta.tags, meta.contentHash]))
    .digest('hex')
    .slice(0, 24)
}

/** Concepts from the essay's prose: its formulas' TeX ("mathbf mathbf") is no concept to draw or print. */
function conceptsOfPost(meta: PostMeta, body: PostBody): string[] {
  const reading = body.document?.reading
  return conceptsOf({
    tags: meta.tags,
    plainText: reading ? proseText(reading) : body.plainText.replace(/\\[A-Za-z]+/g, ' '),
  })
}

function imageRequest(
  meta: PostMeta,
  concepts: string[],
  options: ImageOptions,
  kind: 'banner' | 'content',
  index: number,
): ImageRequest {
  return {
    kind,
    post: { id: meta.id, slug: meta.slug, title: meta.title, tags: meta.tags, excerpt: meta.excerpt },
    concepts,
    options,
    ...IMAGE_SIZES[kind],
    index,
  }
}
