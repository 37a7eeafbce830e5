import { basename, extname } from 'node:path'
import { describeError } from '../core/errors.js'
import { renderMarkdown, type RenderContext, type RenderResult } from '../markdown/index.js'
import { renderedSizeProblem } from '../markdown/render-limits.js'
import { assetResolverFor } from './assets/asset-context.js'
import { stampFiles } from './assets/figure-stamp.js'
import { bibliographyFor } from './bibliography/bibliography-context.js'
import { includeReaderFor } from './assets/include-context.js'
import { folderListerFor } from './assets/folder-context.js'
import { mathMacrosFor } from './math/math-macros.js'
import { substitutionValues } from './myst/substitution-values.js'
import { siteLinksFor } from './assets/published-link.js'
import { pageMetadata } from './parse/page-metadata.js'
import { parseEssay, type EssayInput, type ParseOptions, type ParsedEssay } from './parse/index.js'
import { renderedExcerpt } from './parse/parse-essay.js'
import { structureTags } from './parse/structure-tags.js'
import { readingExcerpt } from '../markdown/reading-excerpt.js'
import { renderFailure } from './render-task.js'
import { packEssay, type PackedEssay } from './packed-essay.js'

/** One file's text on its way to becoming a post. */
export interface EssayTask {
  essay: EssayInput
  options: ParseOptions
}

/**
 * A file read into post fields and rendered, packed (see packed-essay.ts; `openEssay` reads it
 * back), or why it could not be (a per-file message).
 */
export type PreparedEssay = PackedEssay | { failed: string }

/**
 * Parse, then render: everything an import does to one file before it touches the store.
 * Synchronous, so it can run on any thread; the only side effect is copying the essay's local
 * figures into the data folder's media (content-addressed, so a repeat is a no-op). Never throws.
 */
export function prepareEssay({ essay, options }: EssayTask): PreparedEssay {
  let parsed: ParsedEssay
  try {
    // The excerpt's first paragraph comes from the rendered essay below: one markdown parse.
    parsed = parseEssay(essay, options, 'later')
    if (parsed.tags.length === 0) parsed = { ...parsed, tags: structureTags(essay, parsed.frontmatter) }
  } catch (e) {
    return { failed: describeError(e) }
  }
  try {
    const context: RenderContext = {}
    const resolveAsset = assetResolverFor(essay, options)
    if (resolveAsset) context.resolveAsset = resolveAsset
    const bibliography = bibliographyFor(essay, parsed, options.dataDir)
    if (bibliography) context.bibliography = bibliography.entries
    if (options.citationStyle) context.citationStyle = options.citationStyle
    if (essay.chapter) context.chapter = essay.chapter
    if (essay.plainNumbers) context.plainNumbers = true
    context.metadata = pageMetadata(parsed.frontmatter)
    const readInclude = includeReaderFor(essay)
    // What the site's files give the render is kept with the post (EssayDocument.given): a later render reads the same.
    const included: Record<string, string | null> = {}
    if (readInclude)
      context.readInclude = (ref) => {
        included[ref] = readInclude(ref)
        return included[ref]
      }
    const listFolder = folderListerFor(essay)
    if (listFolder) context.listFolder = listFolder
    context.sourceName = basename(essay.path, extname(essay.path))
    context.sourceExtension = extname(essay.path).toLowerCase()
    const macros = mathMacrosFor(essay.root, parsed.frontmatter, essay.path)
    if (macros.definitions.length > 0) context.macros = macros.definitions
    const substitutions = substitutionValues(essay.root, parsed.frontmatter)
    if (substitutions.values.size > 0) context.substitutions = substitutions.values
    const siteLinks = siteLinksFor(essay, parsed.frontmatter)
    if (siteLinks?.publishedLink) context.publishedLink = siteLinks.publishedLink
    if (siteLinks?.sitePath) context.sitePath = siteLinks.sitePath
    if (siteLinks?.addresses.length) parsed = { ...parsed, addresses: siteLinks.addresses }
    const rendered = renderMarkdown(parsed.body, context)
    rendered.given = givenOf(context, readInclude ? included : undefined)
    // The title heading left the body before it was rendered; its label names the essay's top.
    const titleLabel = parsed.titleLabel
    if (titleLabel && !rendered.anchors.some((a) => a.key === titleLabel))
      rendered.anchors.push({
        key: titleLabel,
        id: '',
        kind: 'section',
        title: parsed.title,
        // bookdown's `\@ref(chapter-label)` says the chapter's number
        ...(essay.chapter ? { number: essay.chapter } : {}),
      })
    parsed = { ...parsed, excerpt: renderedExcerpt(parsed, readingExcerpt(rendered.reading)) }
    const tooLarge = renderedSizeProblem(rendered.html)
    if (tooLarge) return { failed: `The essay ${tooLarge}` }
    // A missing or broken bibliography file is the import report's business too.
    if (bibliography) rendered.warnings.push(...bibliography.warnings)
    rendered.warnings.push(...substitutions.warnings)
    for (const message of siteLinks?.warnings ?? []) rendered.warnings.push({ rule: 'site-address', message })
    for (const message of essay.bookWarnings ?? []) rendered.warnings.push({ rule: 'book-config', message })
    // Shown as the book shows it, "2 Probability" (the slug was made from the bare title, and stays).
    if (essay.chapter && titlesChapter(essay.path, parsed))
      parsed = { ...parsed, title: numberedTitle(essay.chapterName ?? essay.chapter, parsed.title) }
    // Figures, included files, the book's macros, substitutions and the site's address alike: a change to any of them imports the essay again.
    const looked = new Set([
      ...(resolveAsset?.looked ?? []),
      ...(readInclude?.looked ?? []),
      ...macros.files,
      ...substitutions.files,
      ...(siteLinks?.files ?? []),
    ])
    if (essay.root && looked.size > 0) return packEssay({ parsed, rendered, figures: stampFiles(looked, essay.root) })
    return packEssay({ parsed, rendered })
  } catch (e) {
    return { failed: renderFailure(describeError(e)) }
  }
}

/**
 * A book chapter's title with its number in front, as bookdown and Quarto show it in the chapter's
 * heading ("2 Probability", "Chapter 2 Probability" with bookdown's `chapter_name`, "Appendix A —
 * Tools" in Quarto). The post's title carries it because the title is the page's heading and the
 * name in every list of posts; its words stay the title's, so a search for them still finds it.
 */
export function numberedTitle(shown: string, title: string): string {
  return `${shown} ${title}`
}

/**
 * Whether the essay's title is its chapter's: in bookdown the chapter is the first-level heading,
 * and a front matter title (index.Rmd's) is the book's; Quarto takes either for the chapter's.
 */
function titlesChapter(path: string, parsed: ParsedEssay): boolean {
  return !/\.rmd$/i.test(path) || typeof parsed.frontmatter.title !== 'string'
}

/** What a render was given from the essay's site and source besides its text (EssayDocument.given). */
function givenOf(
  context: RenderContext,
  includes: Record<string, string | null> | undefined,
): NonNullable<RenderResult['given']> {
  return {
    ...(includes ? { includes } : {}),
    ...(context.substitutions?.size ? { substitutions: Object.fromEntries(context.substitutions) } : {}),
    ...(context.macros?.length ? { macros: [...context.macros] } : {}),
    ...(context.metadata?.size ? { metadata: Object.fromEntries(context.metadata) } : {}),
    ...(context.sourceName !== undefined ? { sourceName: context.sourceName } : {}),
    ...(context.sourceExtension !== undefined ? { sourceExtension: context.sourceExtension } : {}),
  }
}
