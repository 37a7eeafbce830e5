import { isAbsolute } from 'node:path'
import type { Store } from '../store/index.js'
import type { EssayAnchor, ReadingBlock } from '../shared/schemas/index.js'
import { readingExcerpt } from '../markdown/reading-excerpt.js'
import { truncateText } from '../text/plain-text.js'
import { xrefFor } from '../markdown/plugins/rehype-xref-links.js'
import {
  crossReferencesOf,
  documentKey,
  labelText,
  linkedFile,
  namesItsAddress,
  safeDecode,
  sharedFolderLength,
  xrefSourcePath,
  type XrefTarget,
} from '../xref/index.js'
import { MAX_EXCERPT_LENGTH } from '../shared/excerpt-limit.js'

/** A file of the import, read and rendered, about to be stored. */
export interface ExcerptSource {
  path: string
  relative?: string
  parsed: { title: string; excerpt: string; status: 'draft' | 'published' }
  rendered: { reading?: ReadingBlock[]; anchors: EssayAnchor[] }
}

interface Definition {
  title: string
  anchor: EssayAnchor
  source: string | null
}

/**
 * Excerpts that refer to another post's section say it as the page does: "Recall from Section
 * “Gradient Descent”", not the label's own words, "Section “gd”", which is all the renderer can
 * write before it knows the other post (24 of the corpus's 281 excerpts, half of d2l's). The
 * label is looked up among the files of this import first (the nearest by folder, as the page's
 * links are), then among the posts already stored; the excerpt is then stored once, right. So
 * does a link that only names another essay's file (a d2l chapter's contents list `gan` for
 * `gan.md`): it reads as that post's title, as on the page.
 * Only an excerpt made from the essay's first paragraph changes, never a description the front
 * matter gave. Answers the new excerpt of each file whose excerpt changes, by path.
 */
export async function resolveExcerptReferences(
  store: Store,
  files: readonly ExcerptSource[],
): Promise<Map<string, string>> {
  const batch = definitionsIn(files)
  const index = crossReferencesOf(store)
  const changed = new Map<string, string>()
  // made once, when an excerpt first reads a link to an essay file
  let titles: Map<string, string> | undefined
  for (const file of files) {
    const reading = file.rendered.reading
    if (!reading) continue
    // the excerpt as the renderer could write it, and the addresses of the links it reads
    const read = new Set<string>()
    const asWritten = readingExcerpt(reading, (url) => void read.add(url))
    const keys = foreignLabels(read, file.rendered.anchors)
    const source = sourceOf(file)
    const documents = documentLinks(read, source)
    if (
      (keys.size === 0 && documents.size === 0) ||
      !asWritten ||
      file.parsed.excerpt !== truncateText(asWritten, MAX_EXCERPT_LENGTH)
    )
      continue
    const texts = new Map<string, string>()
    const elsewhere: string[] = []
    for (const key of new Set(keys.values())) {
      const found = nearest(batch.get(key) ?? [], source)
      if (found) texts.set(key, labelText({ post: { title: found.title }, anchor: found.anchor }, 'name'))
      else elsewhere.push(key)
    }
    if (elsewhere.length)
      for (const [key, text] of await index.labelTexts(elsewhere, { id: null, sourcePath: source }))
        texts.set(key, text)
    if (documents.size) titles ??= postTitles(store, files)
    const excerpt = truncateText(
      readingExcerpt(reading, (url, text) => {
        const label = keys.get(url)
        if (label !== undefined) return texts.get(label)
        // as the page says it (src/xref/resolve-html.ts): a link that only names the file is the post's title
        const link = documents.get(url)
        return link && namesItsAddress(text, link.target) ? titles?.get(link.file) : undefined
      }),
      MAX_EXCERPT_LENGTH,
    )
    if (excerpt && excerpt !== file.parsed.excerpt) changed.set(file.path, excerpt)
  }
  return changed
}

/** The labels the published files of the import define, by key. */
function definitionsIn(files: readonly ExcerptSource[]): Map<string, Definition[]> {
  const labels = new Map<string, Definition[]>()
  for (const file of files) {
    if (file.parsed.status !== 'published') continue
    const source = sourceOf(file)
    for (const anchor of file.rendered.anchors) {
      const list = labels.get(anchor.key) ?? []
      list.push({ title: file.parsed.title, anchor, source })
      labels.set(anchor.key, list)
    }
  }
  return labels
}

/** The definition whose file shares the longest folder path with the referring one; the first on a tie. */
function nearest(definitions: readonly Definition[], source: string | null): Definition | null {
  let best: Definition | null = null
  let bestShared = -1
  for (const d of definitions) {
    const shared = source && d.source ? sharedFolderLength(source, d.source) : 0
    if (shared > bestShared) {
      best = d
      bestShared = shared
    }
  }
  return best
}

/** Where the file's references are read from, as the xref catalog places stored posts. */
function sourceOf(file: ExcerptSource): string | null {
  return xrefSourcePath(file) ?? (isAbsolute(file.path) ? file.path : null)
}

/**
 * Of these link addresses, those that name a label this essay does not define (`#sec_gd`), with
 * the label: the renderer marks references to other posts' labels so (markdown/syntax/labels.ts).
 * `#user-content-…` is the essay's own element (a section, a footnote): the sanitizer's prefix.
 */
function foreignLabels(urls: Iterable<string>, anchors: readonly EssayAnchor[]): Map<string, string> {
  const own = new Set(anchors.map((a) => a.key))
  const keys = new Map<string, string>()
  for (const url of urls) {
    if (!url.startsWith('#') || url.startsWith('#user-content-')) continue
    const key = safeDecode(url.slice(1))
    if (key && !own.has(key)) keys.set(url, key)
  }
  return keys
}

/**
 * Of these link addresses, the relative links to essay files (`gan.md`, `../chapter/x.md#y`),
 * as the renderer marks them (markdown/plugins/rehype-xref-links.ts), with the file each leads
 * to from `source`.
 */
function documentLinks(
  urls: Iterable<string>,
  source: string | null,
): Map<string, { target: XrefTarget; file: string }> {
  const links = new Map<string, { target: XrefTarget; file: string }>()
  if (!source) return links
  for (const url of urls) {
    const target = xrefFor(url)
    if (target?.kind === 'file') links.set(url, { target, file: linkedFile(source, target.path) })
  }
  return links
}

/** Titles of the published posts of this import and of the store, by source file (documentKey); this import's first. */
function postTitles(store: Store, files: readonly ExcerptSource[]): Map<string, string> {
  const titles = new Map<string, string>()
  for (const meta of store.posts()) {
    const source = xrefSourcePath(meta.source)
    if (source && meta.status === 'published') titles.set(documentKey(source), meta.title)
  }
  for (const file of files) {
    const source = sourceOf(file)
    if (source && file.parsed.status === 'published') titles.set(documentKey(source), file.parsed.title)
  }
  return titles
}
