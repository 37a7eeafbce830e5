import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import rehypeHighlightSafe from './plugins/rehype-highlight-safe.js'
import remarkLeanAutolinks from './plugins/remark-lean-autolinks.js'
import remarkTypography from './plugins/remark-typography.js'
import rehypeKatexRaw from './plugins/rehype-katex-raw.js'
import rehypeFixAttributes from './plugins/rehype-fix-attributes.js'
import rehypeHeadingSlugs from './plugins/rehype-heading-slugs.js'
import rehypeRawIfNeeded from './plugins/rehype-raw-if-needed.js'
import rehypeRestoreStash from './plugins/rehype-restore-stash.js'
import rehypeTextSummary from './plugins/rehype-text-summary.js'
import rehypeEssayReading from './plugins/rehype-essay-reading.js'
import rehypeEquationAnchors from './plugins/rehype-equation-anchors.js'
import rehypeTocHtml from './plugins/rehype-toc-html.js'
import rehypeXrefLinks from './plugins/rehype-xref-links.js'
import rehypeAssets from './plugins/rehype-assets.js'
import rehypeCitations, { rehypeReferenceList } from './plugins/rehype-citations.js'
import { rehypeCaptionNumbers, rehypeTableCaptions } from './plugins/rehype-captions.js'
import remarkFigures from './plugins/remark-figures.js'
import remarkCodeChunks from './dialects/knitr/remark-code-chunks.js'
import remarkBookdownRefs from './dialects/knitr/remark-bookdown-refs.js'
import remarkHeadingIds from './plugins/remark-heading-ids.js'
import remarkDistillFootnotes from './plugins/remark-distill-footnotes.js'
import remarkPandoc from './dialects/pandoc/remark-pandoc.js'
import remarkKramdown from './dialects/kramdown/remark-kramdown.js'
import remarkHtmlBlocks from './dialects/html-blocks/remark-html-blocks.js'
import rehypeEmbeds from './dialects/html-blocks/rehype-embeds.js'
import rehypeThemeBoxes from './dialects/html-blocks/rehype-theme-boxes.js'
import remarkHugo from './dialects/hugo/remark-hugo.js'
import remarkEnvironmentsInText from './dialects/mathjax/remark-environments-in-text.js'
import rehypeMathEntities from './plugins/rehype-math-entities.js'
import { sanitizeSchema } from './plugins/sanitize-schema.js'
import rehypeDiagrams from './diagrams/rehype-diagrams.js'

/**
 * The markdown → HTML pipeline, built once per thread and frozen: every plugin keeps its
 * per-document state in the file, so one processor serves any number of renders.
 *
 * Order matters: sanitize right after rehype-raw (the last step that can bring in authored
 * HTML); ids and the text summary while formulas are still TeX; KaTeX and highlighting last,
 * as generated markup the sanitizer never needs to see.
 */
export const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkGfm)
  .use(remarkLeanAutolinks)
  .use(remarkMath)
  .use(remarkCodeChunks)
  // Liquid output and markdown inside raw HTML blocks, first: what it parses meets every transform.
  .use(remarkHtmlBlocks)
  // kramdown's attribute lists and extensions (Jekyll), before figures are made of lone images.
  .use(remarkKramdown)
  // Hugo shortcodes with content (asides, formulas, code); any other shortcode dropped with a warning.
  .use(remarkHugo)
  // Pandoc/Quarto fenced divs, attributes and cross-references (dialects/pandoc).
  .use(remarkPandoc)
  .use(remarkHeadingIds)
  // `\begin{array}…\end{array}` left in a paragraph's text, a display to MathJax, once escapes are read.
  .use(remarkEnvironmentsInText)
  // bookdown's \@ref(label), once theorems and heading ids are read.
  .use(remarkBookdownRefs)
  .use(remarkFigures)
  .use(remarkDistillFootnotes)
  // Typographic quotes, dashes and ellipses in prose, as academic sites set them. Last in
  // remark, once site syntax has been read from the text (attribute lists, footnote marks);
  // code, inline code, formulas and raw HTML are nodes of their own (or stash markers) and are
  // never touched. LaTeX's dashes, which these essays' authors write: -- en, --- em. Double
  // backticks left in text are broken code markup, not TeX quotes: they stay as written.
  .use(remarkTypography, { dashes: 'oldschool', backticks: false })
  // No id prefix here: the sanitizer adds `user-content-` to every id, footnotes included.
  .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
  .use(rehypeRestoreStash)
  .use(rehypeRawIfNeeded)
  // Frames become figures linking to what they showed, before the sanitizer drops them.
  .use(rehypeEmbeds)
  .use(rehypeThemeBoxes)
  // Links to other posts are marked before the sanitizer, which keeps the mark (src/xref).
  .use(rehypeXrefLinks)
  .use(rehypeSanitize, sanitizeSchema)
  // `&amp;` in a formula's TeX is `&`, as MathJax reads it from the page.
  .use(rehypeMathEntities)
  // Citation marks (generated, so after the sanitizer); the list after the text summary, which it is no part of.
  .use(rehypeCitations)
  .use(rehypeEquationAnchors)
  .use(rehypeHeadingSlugs)
  .use(rehypeFixAttributes)
  .use(rehypeTableCaptions)
  .use(rehypeTextSummary)
  .use(rehypeEssayReading)
  .use(rehypeReferenceList)
  // "Figure 2:" before a labelled figure's caption; after the reading, which keeps captions as written.
  .use(rehypeCaptionNumbers)
  // Local figures → stored media (generated markup, after the sanitizer and the text summary).
  .use(rehypeAssets)
  // Mermaid and Graphviz sources → drawn figures (generated markup, after the sanitizer).
  .use(rehypeDiagrams)
  .use(rehypeKatexRaw)
  .use(rehypeTocHtml)
  .use(rehypeHighlightSafe)
  // Raw nodes after the sanitizer are KaTeX output only.
  .use(rehypeStringify, { allowDangerousHtml: true })
  .freeze()
