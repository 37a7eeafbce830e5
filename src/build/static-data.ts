import type { Blog } from '../app/blog.js'
import { GUEST } from '../core/viewer.js'
import type { About, Post, PostListItem } from '../shared/schemas/index.js'
import type { EndpointName } from '../shared/api/endpoints.js'
import { findQueryEndpoint } from '../shared/api/find-endpoint.js'
import { STATIC_FILES } from '../../web/static/static-api.js'
import { SEARCH_INDEX_VERSION, searchDoc, type SearchDoc, type SearchIndex } from '../../web/static/search.js'
import { htmlWithBase, withBase } from './base-path.js'

/** A data file for the static client: its name under data/ and its JSON. */
export interface DataFile {
  file: string
  json: unknown
}

type Card = Pick<PostListItem, 'bannerImage' | 'contentImages'>

/** A post or a card with its own images' addresses under the base. */
function cardWithBase<T extends Card>(item: T, base: string): T {
  return {
    ...item,
    bannerImage: item.bannerImage && withBase(item.bannerImage, base),
    contentImages: item.contentImages.map((u) => withBase(u, base)),
  }
}

/**
 * The answer of an API call (by its react-query key) as the static copy serves it: addresses
 * the data carries (rendered HTML, images) moved under the base. Footer links are left alone:
 * the router's <Link> adds the base to site paths itself.
 */
export function staticQueryData(queryKey: readonly unknown[], data: unknown, base: string): unknown {
  const found = findQueryEndpoint(queryKey)
  return found ? staticAnswer(found.name, data, base) : data
}

function staticAnswer(endpoint: EndpointName, data: unknown, base: string): unknown {
  if (data === null || data === undefined) return data
  // The essay's markdown source is the owner's, for the editor, which a static copy has none of
  // (no sign-in, writes refused): 14 kB of every post page's state on the corpus, 3.8 MB in all.
  if (endpoint === 'getPost') data = { ...(data as Post), content: '' }
  if (!base) return data
  if (endpoint === 'listPosts') return (data as PostListItem[]).map((p) => cardWithBase(p, base))
  if (endpoint === 'getPost') {
    const post = data as Post
    return { ...cardWithBase(post, base), html: htmlWithBase(post.html, base) }
  }
  if (endpoint === 'about') return { ...(data as About), html: htmlWithBase((data as About).html, base) }
  return data
}

/**
 * Everything the client reads instead of the API, as a guest sees it (drafts never appear):
 * the posts list, each post's approved comments, About and the footer. A post itself is read
 * from its page (web/static/static-api.ts), which carries it; the search index is apart
 * (staticSearchIndex), as it alone reads the essays' bodies.
 */
export async function staticDataFiles(blog: Blog, base: string): Promise<DataFile[]> {
  const metas = blog.posts.visible(GUEST)
  const list = await blog.posts.list(GUEST)
  const files: DataFile[] = [{ file: STATIC_FILES.posts, json: staticAnswer('listPosts', list, base) }]
  for (const meta of metas)
    files.push({ file: STATIC_FILES.comments(meta.id), json: blog.comments.forPost(meta.id, GUEST) })
  files.push({ file: STATIC_FILES.about, json: staticAnswer('about', await blog.siteContent.about(), base) })
  files.push({ file: STATIC_FILES.footer, json: blog.siteContent.footer() })
  return files
}

/** What the search index is made from: a change to any of it makes a new one. */
export function searchIndexInputs(blog: Blog): string {
  const metas = blog.posts.visible(GUEST)
  return JSON.stringify([
    SEARCH_INDEX_VERSION,
    metas.map((m) => [m.id, m.slug, m.title, m.tags, m.excerpt, m.author, m.contentHash]),
  ])
}

/**
 * The prebuilt search index (data/search.json): every published essay's words. `made` holds the
 * entries made already, by post id (the build makes each beside the post's page, while its body
 * is in memory); the others are made here.
 */
export async function staticSearchIndex(
  blog: Blog,
  made: ReadonlyMap<number, SearchDoc> = new Map(),
): Promise<DataFile> {
  const index: SearchIndex = { version: SEARCH_INDEX_VERSION, posts: [] }
  for (const meta of blog.posts.visible(GUEST)) {
    index.posts.push(made.get(meta.id) ?? searchDoc(meta, await blog.posts.plainText(meta)))
  }
  return { file: STATIC_FILES.search, json: index }
}
