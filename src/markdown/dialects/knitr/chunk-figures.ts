import type { Blockquote, Code, Html, Image, Paragraph, PhrasingContent } from 'mdast'
import { R_STRING, rLiteral, stringOption } from './chunk-options.js'
import { isAssignment, parseR, RSession } from './r-evaluate.js'

/**
 * A chunk that only calls `knitr::include_graphics()` on files the book holds — how bookdown
 * books show screenshots and diagrams — is a figure of those files, captioned by its `fig.cap`
 * and labelled `fig:` + the chunk's label, numbered in the document's order when it has a
 * caption, as bookdown numbers it. Any other R code stays code: what it would draw only running
 * it can tell.
 */

const CAPTION = stringOption('fig.cap')
/** The chunk's label: its first option when that names nothing (`{r cars, echo=FALSE}`), or `label=`. */
const FIRST_LABEL = /^\s*([\w.-]+)\s*(?:,|$)/
const LABEL_OPTION = stringOption('label')

/**
 * The label and caption of a chunk that draws a figure (`{r cars-plot, fig.cap='…'}`), or null;
 * a captioned chunk with no label takes knitr's (`unnamed`).
 */
export function drawnFigure(options: string, unnamed: () => string): { key: string; caption: string } | null {
  const caption = CAPTION.exec(options)
  return caption ? { key: `fig:${chunkLabel(options, unnamed)}`, caption: rLiteral(caption[1]) } : null
}

/**
 * `knitr::kable(…, caption = '…')`: a table bookdown numbers and labels `tab:` + the chunk's
 * label, or + kable's own `label = '…'`, which knitr prefers to the chunk's.
 */
const KABLE_CALL = /\bkable\(/g
const KABLE_CAPTION = stringOption('caption')
const KABLE_LABEL = stringOption('label')

/** The label and caption of a chunk that makes a captioned table with `kable()`, or null. */
export function kableTable(
  options: string,
  code: string,
  unnamed: () => string,
): { key: string; caption: string } | null {
  for (const call of code.matchAll(KABLE_CALL)) {
    const args = callArguments(code, call.index + call[0].length)
    const caption = KABLE_CAPTION.exec(args)
    if (!caption) continue
    const label = KABLE_LABEL.exec(args)
    return {
      key: `tab:${label ? rLiteral(label[1]) : chunkLabel(options, unnamed)}`,
      caption: rLiteral(caption[1]),
    }
  }
  return null
}

/**
 * The text of a call's arguments from just after its `(` to its matching `)` (or the code's
 * end), so that `label =` in a later call (`kable_styling(…)`) is not taken for kable's.
 */
function callArguments(code: string, from: number): string {
  let depth = 1
  for (let i = from; i < code.length; i++) {
    const c = code[i]
    if (c === '"' || c === "'") {
      R_STRING_AT.lastIndex = i
      const close = R_STRING_AT.exec(code)
      if (close) i += close[0].length - 1
    } else if (c === '#') {
      const end = code.indexOf('\n', i)
      if (end < 0) break
      i = end
    } else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return code.slice(from, i)
  }
  return code.slice(from)
}

const R_STRING_AT = new RegExp(R_STRING, 'y')

function chunkLabel(options: string, unnamed: () => string): string {
  const named = LABEL_OPTION.exec(options)
  return named ? rLiteral(named[1]) : (FIRST_LABEL.exec(options)?.[1] ?? unnamed())
}

export interface ChunkFigure {
  paths: string[]
  caption: string | null
  label: string | null
}

/**
 * The figure an R chunk (its options and code, without option lines) stands for, or null: a
 * chunk whose one statement is `knitr::include_graphics(paths)` — in a hidden chunk, its last
 * after assignments, which show nothing — the paths as the document's R session knows them
 * after the chunk ran (r-evaluate.ts): literals, or built as bookdown books build them,
 * `file.path(img_path, "x.png")` given `img_path <- "R/img"`, `screenshots[75:76]` given
 * `screenshots <- file.path(dir, list.files(dir))`.
 */
export function chunkFigure(
  options: string,
  code: string,
  session: RSession = new RSession(),
  hidden = false,
): ChunkFigure | null {
  if (!code.includes('include_graphics')) return null
  const all = parseR(code) ?? []
  const call = all[all.length - 1]
  if (call?.k !== 'call' || !INCLUDE_GRAPHICS.test(call.fn)) return null
  if (all.length > 1 && !(hidden && all.slice(0, -1).every(isAssignment))) return null
  const path = call.args.find((a) => a.name === 'path') ?? call.args.find((a) => a.name === null)
  const value = path?.value ? session.value(path.value) : null
  if (value?.type !== 'character' || value.values.length === 0) return null
  const caption = CAPTION.exec(options)
  const first = FIRST_LABEL.exec(options)
  const named = LABEL_OPTION.exec(options)
  return {
    // `file.path("img/", "x.png")` is R's `img//x.png`, the file `img/x.png`.
    paths: value.values.map((p) => p.replace(/(?<!:)\/{2,}/g, '/')),
    caption: caption ? rLiteral(caption[1]) : null,
    label: named ? rLiteral(named[1]) : (first?.[1] ?? null),
  }
}

const INCLUDE_GRAPHICS = /^(?:knitr::)?include_graphics$/

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
