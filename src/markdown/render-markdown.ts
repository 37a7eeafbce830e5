import { preprocess } from './preprocess.js'
import { markdownProcessor } from './processor.js'
import type { RenderResult } from './types.js'

/**
 * Renders an essay body (frontmatter, if still present, is ignored) to sanitised HTML with
 * KaTeX math and highlighted code, plus its TOC, plain text and word count. Synchronous and
 * deterministic: the same markdown always gives the same result. Bad math never throws; it is
 * shown as its source, marked as an error. The only throw is a RangeError on input nested
 * deeper than the call stack (tens of thousands of nested quotes or HTML elements);
 * a bulk import (`prepareMany`) reports that as a failure of the one file.
 */
export function renderMarkdown(markdown: string): RenderResult {
  const { markdown: prepared, stash, mathPreamble } = preprocess(markdown)
  const file = markdownProcessor.processSync({ value: prepared, data: { stash, mathPreamble } })
  const summary = file.data.textSummary
  return {
    html: String(file.value),
    toc: summary?.toc ?? [],
    plainText: summary?.plainText ?? '',
    wordCount: summary?.wordCount ?? 0,
  }
}
