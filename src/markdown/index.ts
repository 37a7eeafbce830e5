/**
 * The markdown pipeline: essay markdown → sanitised HTML with KaTeX math, TOC, plain text and
 * word count.
 */
export { renderMarkdown } from './render-markdown.js'
export { contentHash, clearRenderCache } from './render-cache.js'
export { renderCached } from './render-cached.js'
export { preprocess, type Preprocessed } from './preprocess.js'
export { countReading, countWords, type ReadingLength } from '../shared/word-count.js'
export { RENDER_VERSION, documentOfRender, type RenderContext, type RenderResult } from './types.js'
