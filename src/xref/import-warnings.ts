import { isAbsolute } from 'node:path'
import { crossReferencesOf, type XrefStore } from './cross-reference-index.js'
import type { EssayAnchor, PostMeta } from '../shared/schemas/index.js'
import { xrefSourcePath } from './xref-source.js'

/** What the import knows of a file it has just stored. */
interface ImportedFile {
  path: string
  status: string
  slug: string | null
  warnings: string[]
}

/**
 * Adds to each stored file's warnings the references to other posts it makes that lead nowhere,
 * now that the whole batch is stored (a chapter may refer to one imported with it). They are
 * resolved again whenever the post is read, so a post imported later still fixes them.
 */
export async function addUnresolvedReferenceWarnings(
  store: XrefStore & { postBySlug(slug: string): Pick<PostMeta, 'id' | 'bodyRev' | 'source'> | null },
  files: readonly ImportedFile[],
  htmlOf: (path: string) => string | undefined,
  anchorsOf: (path: string) => EssayAnchor[] | undefined = () => undefined,
): Promise<void> {
  const index = crossReferencesOf(store)
  for (const file of files) {
    const post = file.slug ? store.postBySlug(file.slug) : null
    const anchors = anchorsOf(file.path)
    if (post && anchors && (file.status === 'imported' || file.status === 'updated')) index.know(post, anchors)
  }
  for (const file of files) {
    if ((file.status !== 'imported' && file.status !== 'updated') || !file.slug) continue
    const html = htmlOf(file.path)
    if (!html) continue
    const post = store.postBySlug(file.slug)
    const from = {
      id: post?.id ?? null,
      sourcePath: xrefSourcePath(post?.source) ?? (isAbsolute(file.path) ? file.path : null),
    }
    file.warnings.push(...(await index.unresolved(html, from)))
  }
  // the next process (`blog serve` after `blog import`) reads the labels from there, not from every body
  await index.saved()
}
