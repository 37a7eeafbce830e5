import { createHash } from 'node:crypto'
import type { CslEntry, EssayAnchor, EssayDocument } from '../shared/schemas/index.js'
import type { RenderContext } from './types.js'

/**
 * The render context a stored essay document stands for: its figures as stored at import and
 * the bibliography entries it cited. An edit of a post in the workspace re-renders its markdown
 * with this, so figures and citations survive without going back to the files it came from
 * (which may be gone, or were an upload). A reference the edit adds that the import never saw
 * has no stored copy and shows as missing.
 */
export function contextFromDocument(document: EssayDocument | null | undefined): RenderContext {
  if (!document) return {}
  const assets = document.assets
  const context: RenderContext = {
    resolveAsset: (ref) => (Object.hasOwn(assets, ref) ? assets[ref] : null),
  }
  if (document.references.length > 0) {
    context.bibliography = new Map<string, CslEntry>(document.references.map((entry) => [entry.id, entry]))
  }
  // A book chapter's numbers are the book's, which only the import could count.
  if (document.chapter) context.chapter = document.chapter
  if (document.plainNumbers) context.plainNumbers = true
  // So are the addresses of the author's own pages, which only its site's configuration told.
  const links = document.links
  if (links) context.publishedLink = (href) => (Object.hasOwn(links, href) ? links[href] : null)
  const sitePaths = document.sitePaths
  if (sitePaths) context.sitePath = (href) => (Object.hasOwn(sitePaths, href) ? sitePaths[href] : null)
  const folders = document.folders
  if (folders) context.listFolder = (ref) => (Object.hasOwn(folders, ref) ? folders[ref] : null)
  // And what its site's files gave it: included files, its book's substitutions and macros.
  const { includes, substitutions, macros, metadata, sourceName, sourceExtension } = document.given ?? {}
  if (includes) context.readInclude = (ref) => (Object.hasOwn(includes, ref) ? includes[ref] : null)
  if (substitutions) context.substitutions = new Map(Object.entries(substitutions))
  if (macros) context.macros = macros
  if (metadata) context.metadata = new Map(Object.entries(metadata))
  if (sourceName !== undefined) context.sourceName = sourceName
  if (sourceExtension !== undefined) context.sourceExtension = sourceExtension
  return context
}

/** Identity of a document as far as a render is concerned (its assets, cited entries, chapter and links to the author's site); '' for none. */
export function documentHash(document: EssayDocument | null | undefined): string {
  if (!document) return ''
  const parts: unknown[] =
    document.chapter || document.links
      ? [document.assets, document.references, document.chapter, document.links]
      : [document.assets, document.references]
  if (document.sitePaths) parts.push(document.sitePaths)
  if (document.folders) parts.push(document.folders)
  if (document.given) parts.push(document.given)
  if (document.plainNumbers) parts.push('plain numbers')
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32)
}

/**
 * The labels a post keeps after its body is rendered again: the new render's, plus the labels the
 * import gave the post's top (id ''), which no render of the body sees — a chapter's title label,
 * whose title heading became the post's title, and which other chapters' `\@ref` name.
 */
export function anchorsAfterRender(
  stored: EssayDocument | null | undefined,
  rendered: readonly EssayAnchor[],
): EssayAnchor[] {
  const keys = new Set(rendered.map((a) => a.key))
  const top = (stored?.anchors ?? []).filter((a) => a.id === '' && a.kind === 'section' && !keys.has(a.key))
  return [...rendered, ...top]
}
