import type { Store } from '../store/index.js'
import { ENHANCEMENTS, type Enhancement, type PostBody, type PostMeta } from '../shared/schemas/index.js'

export { ENHANCEMENTS, type Enhancement }

/** Which enhancements a stored body holds (images live on the post's metadata). */
export function enhancementsOf(meta: PostMeta, body: PostBody): Enhancement[] {
  const has: Record<Enhancement, boolean> = {
    annotations: body.annotations !== null,
    bibliography: body.bibliography !== null,
    summary: body.summary !== null,
    models: body.mathematicalModel !== null,
    images: meta.bannerImage !== null || meta.contentImages.length > 0,
  }
  return ENHANCEMENTS.filter((e) => has[e])
}

/**
 * Remembers which enhancements each post revision has, so a refresh reads only the bodies
 * that changed (a body file per revision: the key `id.bodyRev.rev` changes with it). Shared by
 * the Post Manager's filter and the terminal dashboard.
 */
export class EnhancementIndex {
  private readonly known = new Map<number, { key: string; value: Enhancement[] }>()

  constructor(private readonly store: Store) {}

  async of(posts: readonly PostMeta[]): Promise<Map<number, Enhancement[]>> {
    const out = new Map<number, Enhancement[]>()
    const missing: PostMeta[] = []
    for (const meta of posts) {
      const hit = this.known.get(meta.id)
      if (hit?.key === keyOf(meta)) out.set(meta.id, hit.value)
      else missing.push(meta)
    }
    // A few at a time: a first look at a large site should not open every body file at once.
    for (let i = 0; i < missing.length; i += 16) {
      await Promise.all(
        missing.slice(i, i + 16).map(async (meta) => {
          const value = await this.store.body(meta).then(
            (body) => enhancementsOf(meta, body),
            () => [] as Enhancement[],
          )
          this.known.set(meta.id, { key: keyOf(meta), value })
          out.set(meta.id, value)
        }),
      )
    }
    return out
  }
}

const keyOf = (meta: PostMeta) => `${meta.bodyRev}.${meta.rev}`
