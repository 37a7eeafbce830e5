import { toKatexDefinition } from '../markdown/syntax/tex.js'
import type { CslEntry, EssayAnchor, Post } from '../shared/schemas/index.js'
import { bibliographyLatex } from './bibliography.js'
import type { FigureFile } from './figure-files.js'
import { FigureFiles } from './figure-files.js'
import { parseStoredHtml } from './html-tree.js'
import { commentText, escapeText } from './latex-text.js'
import { LatexWriter } from './latex-writer.js'
import { balanced } from './math.js'
import { neutraliseTex } from './tex-safety.js'
import { fillTemplate } from './template.js'
import { hasCjk, unicodeDeclarations } from './unicode.js'

/**
 * What the export reads of a post: its stored rendered HTML and the essay document made with it
 * at import (issue 20: one reading; the export parses no markdown). `summaryHtml` is the
 * summary as the site renders it. `references` are the entries the citations resolved to
 * (`document.references`); without them (a post read before citations were) every citation is
 * written as a `\cite`. `macros` are the TeX definitions the essay writes in its prose.
 */
export type ArxivPost = Pick<
  Post,
  'title' | 'slug' | 'author' | 'publishedAt' | 'excerpt' | 'html' | 'bibliography' | 'tags'
> & {
  summaryHtml?: string | null
  references?: readonly CslEntry[]
  anchors?: readonly EssayAnchor[]
  macros?: readonly string[]
}

export interface ArxivOptions {
  /** The site's public address: links and images given as site paths (`/media/…`) become absolute. */
  baseUrl?: string
  /**
   * Include the stored figures from files beside the `.tex` (an archive, `exportArxivSource`);
   * without it each figure shows its address, so that the text alone compiles.
   */
  figureFiles?: boolean
}

/** The `.tex` and the stored figures it includes (empty unless `figureFiles` is on). */
export interface ArxivSource {
  tex: string
  figures: FigureFile[]
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The download's file name (SPEC §2): `{slug}-arxiv-format.txt`. */
export function arxivFileName(slug: string): string {
  return `${jobName(slug)}-arxiv-format.txt`
}

/**
 * A post as an arXiv-style LaTeX source (templates/arxiv/article.tex): title, author, date,
 * abstract from the summary or else the excerpt, the essay with its headings as sections and
 * its formulas as the author wrote them, and the bibliography as `\bibitem` entries.
 * Deterministic: the same post and options always give the same text. Never throws on content.
 */
export function exportArxiv(post: ArxivPost, options: ArxivOptions = {}): string {
  return exportArxivSource(post, options).tex
}

/** `exportArxiv`, with the list of stored figures the text includes from `figures/`. */
export function exportArxivSource(post: ArxivPost, options: ArxivOptions = {}): ArxivSource {
  const postUrl = options.baseUrl
    ? `${options.baseUrl.replace(/\/+$/, '')}/posts/${encodeURIComponent(post.slug)}`
    : null
  const resolveUrl = (url: string) => resolveLink(url, postUrl)
  const figures = options.figureFiles ? new FigureFiles() : undefined
  const shared = { resolveUrl, anchors: post.anchors, referencesKnown: post.references !== undefined }
  const essay = new LatexWriter(parseStoredHtml(post.html), { ...shared, title: post.title, figures })
  const body = essay.document()
  const summaryWriter = post.summaryHtml?.trim()
    ? new LatexWriter(parseStoredHtml(post.summaryHtml), { ...shared, sections: false })
    : null
  const summary = summaryWriter?.document() ?? null
  const citedKeys = citedKeysIn(`${body}\n${summary ?? ''}`)
  const abstractText = summary ?? escapeText(post.excerpt.trim())
  const keywords = post.tags.map((t) => t.trim()).filter(Boolean)
  const abstract = [
    abstractText.trim() ? `\\begin{abstract}\n${abstractText.trim()}\n\\end{abstract}` : '',
    keywords.length > 0 ? `\\noindent\\textbf{Keywords:} ${keywords.map(escapeText).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
  const values: Record<string, string> = {
    header: commentText(`Exported by Scholia from "${post.title}"${postUrl ? ` (${postUrl})` : ''}`),
    jobname: jobName(post.slug),
    title: escapeText(post.title.trim()),
    author: escapeText(post.author.trim()),
    date: formatDate(post.publishedAt),
    abstract,
    body,
    bibliography: bibliographyLatex(post.bibliography, { references: post.references, citedKeys }),
    macros: macroBlock([...(post.macros ?? []), ...essay.macros, ...(summaryWriter?.macros ?? [])]),
  }
  // A lone surrogate cannot be written as UTF-8 (it would become U+FFFD in the file): make it one now.
  for (const [name, value] of Object.entries(values)) values[name] = value.replace(LONE_SURROGATE, '\uFFFD')
  const content = Object.values(values).join('\n')
  const cjk = hasCjk(content)
  const declarations = unicodeDeclarations(content, cjk)
  values.unicode =
    declarations.length > 0 ? ['% Characters pdflatex does not know by itself.', ...declarations].join('\n') : ''
  // natbib for \citep/\citet and the author–year labels of the list (export/bibliography.ts).
  values.packages = [
    cjk ? '\\usepackage{CJKutf8}' : '',
    citedKeys.size > 0 || (post.references?.length ?? 0) > 0 ? '\\usepackage{natbib}' : '',
  ]
    .filter(Boolean)
    .join('\n')
  values.begin = cjk ? '\\begin{CJK}{UTF8}{gbsn}' : ''
  values.end = cjk ? '\\end{CJK}' : ''
  return { tex: `${fillTemplate(values).trimEnd()}\n`, figures: figures?.list() ?? [] }
}

/** The keys the written `\citep`/`\citet` commands cite. */
function citedKeysIn(latex: string): Set<string> {
  const keys = new Set<string>()
  for (const m of latex.matchAll(/\\cite[pt]\{([^{}]*)\}/g)) for (const key of m[1].split(',')) if (key) keys.add(key)
  return keys
}

/**
 * An address to link to, or null for one that must not be followed (`javascript:`, `data:`).
 * Site paths and relative addresses are resolved against the post's own address when known.
 */
function resolveLink(url: string, postUrl: string | null): string | null {
  const u = url.trim()
  if (u === '') return null
  if (/^(?:https?|ftp|mailto):/i.test(u)) return u
  if (/^[a-z][a-z0-9+.-]*:/i.test(u)) return null
  if (u.startsWith('//')) return `https:${u}`
  if (!postUrl) return u
  try {
    return new URL(u, postUrl).href
  } catch {
    return null
  }
}

/**
 * Macro definitions the essay writes (`\newcommand{\R}{…}` on a line, or in a formula of its
 * own) for the preamble. A name LaTeX or a package already has is redefined rather than
 * rejected, and a definition that would break the preamble is left out.
 */
function macroBlock(definitions: string[]): string {
  const lines: string[] = []
  // Definitions run in the preamble: no file or shell access from them either (tex-safety.ts).
  for (const raw of new Set(definitions.map((d) => neutraliseTex(toKatexDefinition(d.trim()))))) {
    if (raw.includes('@') || !balanced(raw)) continue
    const m = /^\\(?:re)?newcommand(\*?)\s*(?:\{\s*(\\[A-Za-z]+)\s*\}|(\\[A-Za-z]+))/.exec(raw)
    if (m) {
      const name = m[2] ?? m[3]
      lines.push(`\\providecommand{${name}}{}\\renewcommand${m[1]}{${name}}${raw.slice(m[0].length)}`)
    } else if (/^\\(?:[gex]?def|let)\s*\\[A-Za-z]+/.test(raw)) {
      lines.push(raw)
    }
  }
  return lines.length > 0 ? ['% Commands the essay defines.', ...lines].join('\n') : ''
}

function formatDate(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

export function jobName(slug: string): string {
  return slug.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'post'
}
