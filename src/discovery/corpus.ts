import { basename, extname } from 'node:path'
import type { Store } from '../store/index.js'
import type { PostBody, PostMeta, ReadingBlock } from '../shared/schemas/index.js'
import { readingOf } from '../posts/essay-reading.js'
import { readEssay } from '../text/read-essay.js'
import type { EssayDoc } from '../text/essay-doc.js'
import { readingLinks, structureOf, type ReadingLink, type StructureFeatures } from './structure-features.js'
import { Snapshot } from './snapshot.js'

/** One essay as discovery reads it: text, parsed structure, declared categories and vocabulary. */
export interface Essay {
  meta: PostMeta
  plainText: string
  /** The essay read sentence by sentence (built on first use from its stored reading). */
  readonly doc: EssayDoc
  /** Where it links to, with the link texts, as the site's reading of it found them. */
  links: ReadingLink[]
  frontmatter: Record<string, unknown>
  /** Tags and the categories the frontmatter declares, as `kind:value` (lower case). */
  taxonomy: Set<string>
  structure: StructureFeatures
  /** Title and text in lower case, words only (with their inner hyphens), single spaces, padded with one: for phrase tests. */
  flatText: string
  /** The title's words, as in `flatText`. */
  titleWords: string[]
  /** Names a link may use for this essay: its slug and its source file's name. */
  aliases: string[]
}

/** Who sees what: guests see published essays only, admins every essay (DECISIONS.md). */
export type Scope = 'published' | 'all'

/**
 * Frontmatter fields that group essays the way tags do: a series, a chapter, a section, a
 * topic (StatProofBook declares chapter/section/topic; other sites use series or categories).
 */
const GROUPING_FIELDS = ['series', 'categories', 'category', 'chapter', 'section', 'topic', 'part', 'collection']

/**
 * The site's essays, read once per content version and kept: a snapshot per scope is rebuilt
 * only when a post's text, title, tags or status change (the store's post array is replaced on
 * every change, so an unchanged array answers at once).
 */
export class DiscoveryCorpus {
  private readonly essays = new Map<number, { hash: string; essay: Essay }>()
  private readonly snapshots = new Map<Scope, { posts: readonly PostMeta[]; key: string; snapshot: Snapshot }>()

  private readonly building = new Map<Scope, { posts: readonly PostMeta[]; promise: Promise<Snapshot> }>()

  constructor(private readonly store: Store) {}

  /** The scope's snapshot; calls arriving while it is built (a page asks related and sidebar at once) share the work. */
  snapshot(scope: Scope): Promise<Snapshot> {
    const posts = this.store.posts()
    const cached = this.snapshots.get(scope)
    if (cached?.posts === posts) return Promise.resolve(cached.snapshot)
    const pending = this.building.get(scope)
    if (pending?.posts === posts) return pending.promise
    const promise = this.build(scope, posts).finally(() => {
      if (this.building.get(scope)?.promise === promise) this.building.delete(scope)
    })
    this.building.set(scope, { posts, promise })
    return promise
  }

  private async build(scope: Scope, posts: readonly PostMeta[]): Promise<Snapshot> {
    const cached = this.snapshots.get(scope)
    const metas = posts.filter((p) => scope === 'all' || p.status === 'published')
    const key = metas.map(versionOf).join('\n')
    if (cached?.key === key) {
      cached.posts = posts
      return cached.snapshot
    }
    const essays: Essay[] = []
    for (const meta of metas) essays.push(await this.essay(meta))
    const snapshot = new Snapshot(essays)
    this.snapshots.set(scope, { posts, key, snapshot })
    this.forgetDeleted(posts)
    return snapshot
  }

  private async essay(meta: PostMeta): Promise<Essay> {
    const hash = versionOf(meta)
    const known = this.essays.get(meta.id)
    if (known?.hash === hash) return known.essay
    const body = await this.store.body(meta)
    const essay = essayOf(meta, body, await readingOf(body))
    this.essays.set(meta.id, { hash, essay })
    return essay
  }

  private forgetDeleted(posts: readonly PostMeta[]): void {
    const ids = new Set(posts.map((p) => p.id))
    for (const id of this.essays.keys()) if (!ids.has(id)) this.essays.delete(id)
  }
}

/** An essay as discovery reads it, from its metadata and stored body. */
export function essayOf(
  meta: PostMeta,
  body: Pick<PostBody, 'plainText' | 'frontmatter'>,
  reading: readonly ReadingBlock[],
): Essay {
  let doc: EssayDoc | undefined
  return {
    meta,
    plainText: body.plainText,
    get doc() {
      return (doc ??= readEssay(reading))
    },
    links: readingLinks(reading),
    frontmatter: body.frontmatter,
    taxonomy: taxonomyOf(meta.tags, body.frontmatter),
    structure: structureOf(reading, meta.wordCount),
    flatText: ` ${flatten(`${meta.title}. ${body.plainText.replace(/\\[A-Za-z]+|[_^{}\\]/g, ' ')}`)} `,
    titleWords: flatten(meta.title).split(' ').filter(Boolean),
    aliases: [meta.slug, ...(meta.source ? [basename(meta.source.path, extname(meta.source.path)).toLowerCase()] : [])],
  }
}

function taxonomyOf(tags: string[], frontmatter: Record<string, unknown>): Set<string> {
  const out = new Set(tags.map((t) => `tag:${t.trim().toLowerCase()}`))
  for (const field of GROUPING_FIELDS) {
    const value = frontmatter[field]
    const values = Array.isArray(value) ? value : [value]
    for (const v of values)
      if (typeof v === 'string' && v.trim())
        out.add(`${field === 'categories' || field === 'category' ? 'tag' : field}:${v.trim().toLowerCase()}`)
  }
  return out
}

/** What discovery reads of a post: a change here means a new snapshot (not, say, a new banner). */
const versionOf = (p: PostMeta) =>
  `${p.id}:${p.contentHash}:${p.status}:${p.publishedAt}:${p.title}:${p.tags.join(',')}`

export const flatten = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[^\p{L}\p{N}-]+|(?<![\p{L}\p{N}])-|-(?![\p{L}\p{N}])/gu, ' ')
    .trim()
