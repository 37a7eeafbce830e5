import { posix } from 'node:path'
import type { EssayAnchor, PostMeta } from '../shared/schemas/index.js'
import type { XrefTarget } from './xref-target.js'
import { xrefSourcePath } from './xref-source.js'

/** A post as a cross-reference can reach it. */
export interface XrefPost {
  id: number
  slug: string
  title: string
  published: boolean
  /** Source path, `/`-separated, without its markdown extension; null for posts not imported from a file. */
  source: string | null
  /** The folder of the site it was published from: a path a link's address must be read under. */
  site?: string
}

/** The post a reference is written in. */
export interface Referrer {
  /** Null while it is not stored yet. */
  id: number | null
  /** Where its references are read from (xrefSourcePath): its source file, or its place among uploads. */
  sourcePath: string | null
}

/** Where a reference leads: a post, an element id in it ('' for the top) and, for labels, what it names. */
export interface XrefHit {
  post: XrefPost
  id: string
  anchor?: EssayAnchor
}

const DOCUMENT_EXTENSION = /\.(?:md|markdown|qmd|ipynb)$/i

/** A source path as the catalog knows posts by: `/`-separated, without its document extension. */
export function documentKey(path: string): string {
  return path.replace(DOCUMENT_EXTENSION, '')
}

/** The file a relative link (`../chapter_x/y.md`) written in `source` leads to, as a documentKey. */
export function linkedFile(source: string, path: string): string {
  return documentKey(posix.normalize(posix.join(posix.dirname(source), safeDecode(path))))
}

const PAGE_EXTENSION = /\.(?:html?|md|markdown|qmd|ipynb)$/i
/** Jekyll names posts `YYYY-MM-DD-title.md`; its permalinks keep the title and the date's parts. */
const JEKYLL_NAME = /^(\d{4})-\d{2}-\d{2}-(.+)$/

/**
 * Every post's addresses, as the references of other posts name them, at one moment of the store
 * (src/xref/cross-reference-index.ts makes a new one when posts change). Which of several posts
 * a reference means is decided by closeness: the one whose source file shares the longest folder
 * path with the referring post's, so that two imported sites never link into each other.
 */
export class XrefCatalog {
  private readonly bySource = new Map<string, XrefPost>()
  /** By the last part of the source path (the folder's name for `index.md`): candidates for site paths. */
  private readonly byLeaf = new Map<string, XrefPost[]>()
  /** By file name without extension: Jekyll's `{% post_url %}` names. */
  private readonly byName = new Map<string, XrefPost[]>()
  /** By Jekyll title (the name without its date). */
  private readonly byJekyllTitle = new Map<string, XrefPost[]>()
  /** By the addresses its site published it at (a Jekyll permalink, a Hugo `slug`, `url` or alias), as addressKey. */
  private readonly byAddress = new Map<string, XrefPost[]>()
  private readonly bySlug = new Map<string, XrefPost>()
  private readonly byId = new Map<number, XrefPost>()

  constructor(
    metas: readonly PostMeta[],
    /** Labels by key, with the posts that define them; loaded only when a label must be resolved. */
    private readonly labels: () => Promise<ReadonlyMap<string, ReadonlyArray<{ post: number; anchor: EssayAnchor }>>>,
  ) {
    for (const meta of metas) {
      const path = xrefSourcePath(meta.source)
      const source = path ? documentKey(path) : null
      const post: XrefPost = {
        id: meta.id,
        slug: meta.slug,
        title: meta.title,
        published: meta.status === 'published',
        source,
      }
      this.bySlug.set(post.slug, post)
      this.byId.set(post.id, post)
      if (!source) continue
      this.bySource.set(source, post)
      const name = posix.basename(source)
      push(this.byName, name, post)
      push(this.byLeaf, addressSegment(/^_?index$/i.test(name) ? posix.basename(posix.dirname(source)) : name), post)
      const jekyll = JEKYLL_NAME.exec(name)
      if (jekyll) push(this.byJekyllTitle, jekyll[2], post)
      const addresses = meta.source?.addresses ?? []
      if (addresses.length > 0) post.site = siteFolderOf(source)
      for (const address of new Set(addresses.map(addressKey))) if (address) push(this.byAddress, address, post)
    }
  }

  /** Where `target`, written in `from`, leads for someone who sees drafts or not; null when nowhere. */
  async resolve(target: XrefTarget, from: Referrer, seesDrafts: boolean): Promise<XrefHit | null> {
    // A post may link to itself (`/P/x` inside P/x.md): that is its own page.
    const visible = (post: XrefPost) => seesDrafts || post.published
    // Posts written on the site have no path: nothing is relative to them.
    const source = from.sourcePath && posix.isAbsolute(toSlashes(from.sourcePath)) ? toSlashes(from.sourcePath) : null
    if (target.kind === 'label') return this.label(target.key, source, visible)
    const post =
      target.kind === 'file'
        ? this.file(target.path, source, visible)
        : target.kind === 'site'
          ? this.site(target.path, source, visible)
          : closest(this.byName.get(target.name) ?? [], source, visible)
    if (!post) return null
    return { post, id: await this.fragmentId(post, target.fragment) }
  }

  private async label(key: string, source: string | null, visible: (p: XrefPost) => boolean): Promise<XrefHit | null> {
    const defined = (await this.labels()).get(key) ?? []
    const candidates = defined.flatMap((d) => {
      const post = this.byId.get(d.post)
      return post && visible(post) ? [{ post, anchor: d.anchor }] : []
    })
    const best = closest(
      candidates.map((c) => c.post),
      source,
      () => true,
    )
    const hit = candidates.find((c) => c.post === best)
    if (hit) return { post: hit.post, id: hit.anchor.id, anchor: hit.anchor }
    // MyST links a page by its file name as it links a label (`[Basics](matplotlib-basics)`).
    const page = /^[\w.-]+$/.test(key) ? this.file(key, source, visible) : null
    return page ? { post: page, id: '' } : null
  }

  /** `../chapter_x/y.md`: the file beside the referring one's, exactly. */
  private file(path: string, source: string | null, visible: (p: XrefPost) => boolean): XrefPost | null {
    if (!source) return null
    const post = this.bySource.get(linkedFile(source, path))
    return post && visible(post) ? post : null
  }

  /**
   * `/D/wish`: a file at that path under a folder that also holds the referring post (its
   * site's root); Hugo's pages are under `content/`; Jekyll's permalinks (`/2018/12/22/distill.html`,
   * `/blog/2018/distill/`) end with a post's title. Last, `/{slug}`, this site's own alias.
   */
  private site(path: string, source: string | null, visible: (p: XrefPost) => boolean): XrefPost | null {
    const wanted = safeDecode(path).replace(/\/+$/, '').replace(PAGE_EXTENSION, '').replace(/^\/+/, '')
    if (wanted === '') return null
    const leaf = posix.basename(wanted)
    if (source) {
      // Where the post's own site published it, read under that site only.
      const published = (this.byAddress.get(addressKey(wanted)) ?? []).filter((p) => source.startsWith(p.site + '/'))
      const atAddress = closest(published, source, visible)
      if (atAddress) return atAddress
      let best: { post: XrefPost; root: number } | null = null
      for (const post of this.byLeaf.get(addressSegment(leaf)) ?? []) {
        if (!visible(post) || !post.source) continue
        const root = siteRootOf(post.source, wanted)
        if (
          root !== null &&
          (source.startsWith(root + '/') || (root.endsWith('/content') && source.startsWith(root.slice(0, -8) + '/')))
        ) {
          if (!best || root.length > best.root) best = { post, root: root.length }
        }
      }
      if (best) return best.post
      const year = /(?:^|\/)(\d{4})(?:\/|$)/.exec(wanted)?.[1]
      const jekyll = (this.byJekyllTitle.get(leaf) ?? []).filter((p) => {
        const postsFolder = p.source?.lastIndexOf('/_posts/') ?? -1
        return (
          postsFolder >= 0 &&
          source.startsWith(p.source!.slice(0, postsFolder + 1)) &&
          (!year || posix.basename(p.source!).startsWith(year))
        )
      })
      const permalink = closest(jekyll, source, visible)
      if (permalink) return permalink
    }
    if (!wanted.includes('/')) {
      const own = this.bySlug.get(wanted)
      if (own && visible(own)) return own
    }
    return null
  }

  /** A fragment naming a label of the target (`#sec_x`) becomes its element's id; any other stays. */
  private async fragmentId(post: XrefPost, fragment: string): Promise<string> {
    if (!fragment) return ''
    const key = safeDecode(fragment)
    const defined = (await this.labels()).get(key) ?? []
    // Decoded: the address written (`#%E5%9B%9E`) is encoded again when the link is written.
    return defined.find((d) => d.post === post.id)?.anchor.id || key
  }
}

/**
 * An address as the catalog compares them: decoded, without `.html`, `index` or slashes at its
 * ends, each part as the site's tool writes it in an address (`/2019/03/01/Foo.html` and
 * `/2019/03/01/foo/` are one).
 */
export function addressKey(path: string): string {
  return safeDecode(path)
    .replace(/[?#].*$/s, '')
    .replace(/\/+$/, '')
    .replace(/(?:^|\/)index\.html?$/i, '')
    .replace(PAGE_EXTENSION, '')
    .split('/')
    .filter(Boolean)
    .map(addressSegment)
    .join('/')
}

/**
 * The root of the site a file is in: the folder holding Jekyll's `_posts/` (or another of its
 * collections, `_notes/`) or Hugo's `content/`, else its own.
 */
function siteFolderOf(source: string): string {
  const collection = /.*\/_[^/]+\//.exec(source)?.[0].lastIndexOf('/_') ?? -1
  const marker = Math.max(collection, source.lastIndexOf('/content/'))
  return marker > 0 ? source.slice(0, marker) : posix.dirname(source)
}

/**
 * The folder `source` is in for it to answer to the site path `wanted` (`/D/wish`), or null.
 * Compared as addresses: Hugo publishes `content/post/莫队、带修莫队.md` at `/post/莫队带修莫队/`.
 */
function siteRootOf(source: string, wanted: string): string | null {
  const want = wanted.split('/').map(addressSegment)
  const parts = source.split('/')
  for (const tail of [want, [...want, 'index'], [...want, '_index']]) {
    const start = parts.length - tail.length
    if (start >= 1 && tail.every((segment, i) => addressSegment(parts[start + i]) === segment))
      return parts.slice(0, start).join('/')
  }
  return null
}

/**
 * A part of a path as a site generator writes it in an address (Hugo's urlize): lower case,
 * spaces as `-`, punctuation other than `._~+#-` left out, and no two dashes in a row.
 */
function addressSegment(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}._~+#-]/gu, '')
    .replace(/-{2,}/g, '-')
}

/** The candidate whose source shares the longest folder path with `source`; the oldest post on a tie. */
function closest(
  candidates: readonly XrefPost[],
  source: string | null,
  visible: (p: XrefPost) => boolean,
): XrefPost | null {
  let best: XrefPost | null = null
  let bestShared = -1
  for (const post of candidates) {
    if (!visible(post)) continue
    const shared = source && post.source ? sharedFolderLength(source, post.source) : 0
    if (shared > bestShared || (shared === bestShared && best && post.id < best.id)) {
      best = post
      bestShared = shared
    }
  }
  return best
}

/** How many leading folders two `/`-separated file paths share. */
export function sharedFolderLength(a: string, b: string): number {
  const pa = a.split('/')
  const pb = b.split('/')
  let n = 0
  while (n < pa.length - 1 && n < pb.length - 1 && pa[n] === pb[n]) n++
  return n
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function toSlashes(path: string): string {
  return path.replace(/\\/g, '/')
}

/** A percent-encoded text decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
