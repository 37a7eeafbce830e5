import type { ArxivPost } from '../../../src/export/arxiv.js'
import { renderMarkdown } from '../../../src/markdown/index.js'
import type { CslEntry } from '../../../src/shared/schemas/index.js'

/** A post as the tests write it: markdown, as an author would upload it. */
export interface MarkdownPost extends Omit<ArxivPost, 'html' | 'summaryHtml' | 'anchors' | 'macros'> {
  content: string
  summary: string | null
}

/**
 * The post as the export reads it: the essay rendered once, by the site's own pipeline (as an
 * import stores it), and the summary rendered as the site renders it. With `references`, the
 * citations resolve against them, as the import resolves them against the author's `.bib`.
 */
export function renderedPost(post: MarkdownPost): ArxivPost {
  const { content, summary, ...rest } = post
  const bibliography = post.references ? new Map<string, CslEntry>(post.references.map((r) => [r.id, r])) : undefined
  const rendered = renderMarkdown(content, { bibliography })
  const macros = (rendered as { macros?: string[] }).macros
  return {
    ...rest,
    html: rendered.html,
    summaryHtml: summary?.trim() ? renderMarkdown(summary).html : null,
    anchors: rendered.anchors,
    ...(macros ? { macros } : {}),
  }
}
