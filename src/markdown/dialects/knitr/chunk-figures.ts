import type { Blockquote, Code, Html, Image, Paragraph, PhrasingContent } from 'mdast'

/**
 * A chunk that only calls `knitr::include_graphics()` on files the book holds — how bookdown
 * books show screenshots and diagrams — is a figure of those files, captioned by its `fig.cap`
 * and labelled `fig:` + the chunk's label, numbered in the document's order when it has a
 * caption, as bookdown numbers it. Any other R code stays code: what it would draw only running
 * it can tell.
 */

/** `knitr::include_graphics(…)` or `include_graphics(…)`, alone in the chunk. */
const CALL = /^\s*(?:knitr::)?include_graphics\(([^]*)\)\s*$/
const STRING = `("(?:[^"\\\\\\n]|\\\\.)*"|'(?:[^'\\\\\\n]|\\\\.)*')`
/** The images argument: a path, `c(path, …)` or `rep(path, n)`; named arguments after it (`dpi = NA`). */
const PATHS = new RegExp(
  `^\\s*(?:${STRING}|c\\(\\s*(${STRING}(?:\\s*,\\s*${STRING})*)\\s*\\)|rep\\(\\s*${STRING}\\s*,\\s*(\\d+)\\s*\\))\\s*(?:,[^]*)?$`,
)
const CAPTION = new RegExp(`(?:^|[\\s,])fig\\.cap\\s*=\\s*${STRING}`)
/** The chunk's label: its first option when that names nothing (`{r cars, echo=FALSE}`), or `label=`. */
const FIRST_LABEL = /^\s*([\w.-]+)\s*(?:,|$)/
const LABEL_OPTION = new RegExp(`(?:^|[\\s,])label\\s*=\\s*${STRING}`)

/**
 * The label and caption of a chunk that draws a figure (`{r cars-plot, fig.cap='…'}`), or null;
 * a captioned chunk with no label takes knitr's (`unnamed`).
 */
export function drawnFigure(options: string, unnamed: () => string): { key: string; caption: string } | null {
  const caption = CAPTION.exec(options)
  return caption ? { key: `fig:${chunkLabel(options, unnamed)}`, caption: literal(caption[1]) } : null
}

/** `knitr::kable(…, caption = '…')`: a table bookdown numbers and labels `tab:` + the chunk's label. */
const KABLE_CAPTION = new RegExp(`\\bkable\\([^]*?[\\s,(]caption\\s*=\\s*${STRING}`)

/** The label and caption of a chunk that makes a captioned table with `kable()`, or null. */
export function kableTable(
  options: string,
  code: string,
  unnamed: () => string,
): { key: string; caption: string } | null {
  const caption = KABLE_CAPTION.exec(code)
  return caption ? { key: `tab:${chunkLabel(options, unnamed)}`, caption: literal(caption[1]) } : null
}

function chunkLabel(options: string, unnamed: () => string): string {
  const named = LABEL_OPTION.exec(options)
  return named ? literal(named[1]) : (FIRST_LABEL.exec(options)?.[1] ?? unnamed())
}

export interface ChunkFigure {
  paths: string[]
  caption: string | null
  label: string | null
}

/**
 * The figure an R chunk (its options and code, without option lines) stands for, or null. A path
 * may be built as bookdown books build them, from a folder an earlier chunk names:
 * `file.path(img_path, "x.png")` or `img_path` alone, given `img_path <- "R/img"` (`strings`).
 */
export function chunkFigure(
  options: string,
  code: string,
  strings: ReadonlyMap<string, string> = new Map(),
): ChunkFigure | null {
  // Comment lines (`## http://…/x.jpg`, where the picture came from) are not code.
  const call = CALL.exec(code.includes('#') ? code.replace(/^[ \t]*#.*$/gm, '') : code)
  if (!call) return null
  const args = PATHS.exec(strings.size > 0 ? withStrings(call[1], strings) : call[1])
  if (!args) return null
  let paths: string[]
  if (args[1]) paths = [literal(args[1])]
  else if (args[2]) paths = [...args[2].matchAll(new RegExp(STRING, 'g'))].map((m) => literal(m[1]))
  else paths = Array.from({ length: Math.min(Number(args[6]), 12) }, () => literal(args[5]))
  const caption = CAPTION.exec(options)
  const first = FIRST_LABEL.exec(options)
  const named = LABEL_OPTION.exec(options)
  return {
    paths,
    caption: caption ? literal(caption[1]) : null,
    label: named ? literal(named[1]) : (first?.[1] ?? null),
  }
}

const ASSIGNMENT = new RegExp(`^[ \\t]*([A-Za-z.][\\w.]*)[ \\t]*(?:<-|=)[ \\t]*${STRING}[ \\t]*(?:#.*)?$`, 'gm')

/** `name <- "text"` assignments of string literals in an R chunk's code, added to `strings`. */
export function readStrings(code: string, strings: Map<string, string>): void {
  if (!code.includes('<-') && !code.includes('=')) return
  for (const m of code.matchAll(ASSIGNMENT)) strings.set(m[1], literal(m[2]))
}

const FILE_PATH = /\bfile\.path\(([^()]*)\)/g
const ARGUMENT = new RegExp(`^\\s*(?:${STRING}|([A-Za-z.][\\w.]*))\\s*$`)

/** `file.path(…)` of literals and known names, and a known name as the first argument, as string literals. */
function withStrings(args: string, strings: ReadonlyMap<string, string>): string {
  const joined = args.replace(FILE_PATH, (whole, inner: string) => {
    const parts = inner.split(',').map((a) => {
      const m = ARGUMENT.exec(a)
      return !m ? null : m[1] ? literal(m[1]) : (strings.get(m[2]) ?? null)
    })
    return parts.every((p) => p !== null) ? JSON.stringify(parts.map((p) => p.replace(/\/+$/, '')).join('/')) : whole
  })
  const bare = /^\s*([A-Za-z.][\w.]*)\s*(,|$)/.exec(joined)
  const value = bare ? strings.get(bare[1]) : undefined
  return value !== undefined && bare ? JSON.stringify(value) + joined.slice(bare[0].length - bare[2].length) : joined
}

function literal(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, '$1')
}

/**
 * The figure's markup as remark-figures writes it (a paragraph rendered as `<figure>`: its label
 * anchor first, the images, then the caption); without a caption, the images alone.
 */
export function chunkFigureNode(figure: ChunkFigure, key: string | null): Paragraph {
  const alt = figure.caption ?? ''
  const images: PhrasingContent[] = figure.paths.flatMap((url, i): PhrasingContent[] => {
    const image: Image = { type: 'image', url, alt }
    return i === 0 ? [image] : [{ type: 'text', value: ' ' }, image]
  })
  if (figure.caption === null) return { type: 'paragraph', children: images }
  const anchor: Html[] = key
    ? [
        { type: 'html', value: `<a id="${key.replace(/[^\w:.-]/g, '')}">` },
        { type: 'html', value: '</a>' },
      ]
    : []
  const caption: PhrasingContent = {
    type: 'emphasis',
    data: { hName: 'figcaption' },
    children: [{ type: 'text', value: figure.caption }],
  }
  return { type: 'paragraph', data: { hName: 'figure' }, children: [...anchor, ...images, caption] }
}

/**
 * The code that draws a figure or makes a table, as that figure or table: its label anchor, the
 * code (unless hidden) and the caption, above the code for a table as bookdown puts it.
 */
export function codeFigure(code: Code | null, key: string, caption: string, captionFirst = false): Blockquote {
  const figcaption: Paragraph = {
    type: 'paragraph',
    data: { hName: 'figcaption' },
    children: [{ type: 'text', value: caption }],
  }
  return {
    type: 'blockquote',
    data: { hName: 'figure', hProperties: { className: ['code-figure'] } },
    ...(code?.position ? { position: code.position } : {}),
    children: [
      { type: 'html', value: `<a id="${key.replace(/[^\w:.-]/g, '')}"></a>` },
      ...(captionFirst ? [figcaption] : []),
      ...(code ? [code] : []),
      ...(captionFirst ? [] : [figcaption]),
    ],
  }
}
