import type { Blockquote, Code, Nodes, Paragraph, Root } from 'mdast'
import type { PandocDiv } from '../pandoc/mdast-fenced-div.js'
import type { VFile } from 'vfile'
import { contextOf, documentOf } from '../../essay-file-data.js'
import { chapterNumber, itemChapter } from '../../syntax/chapter-number.js'
import { hasMarker, unstash } from '../../syntax/stash.js'
import { captionLabel } from './caption-labels.js'
import { chunkFigure, chunkFigureNode, codeFigure, drawnFigure, kableTable } from './chunk-figures.js'
import { RSession } from './r-evaluate.js'
import { looksLikeAttributes, parseAttributes } from '../pandoc/attributes.js'

/**
 * Executable chunks of R Markdown (```` ```{r label, echo=FALSE} ````) and Quarto
 * (```` ```{python} ```` with `#| echo: false` option lines): the engine's name is the code's
 * language, so it is highlighted; the options are knitr's and Quarto's, not the author's code, so
 * they go; a chunk whose code the author hid (`echo=FALSE`, `include=FALSE`, `#| echo: false`)
 * is not shown, its output being something only running it would make. d2l's
 * ```` ```{.python .input} ```` is the preprocessor's, and never reaches here in that form.
 * An R chunk that only includes image files is their figure (chunk-figures.ts).
 */
export default function remarkCodeChunks() {
  return (tree: Root, file: VFile): undefined => {
    const chunks: Chunks = {
      stash: file.data.stash ?? [],
      figures: [],
      tables: [],
      r: false,
      unnamed: 0,
      session: new RSession(folderLister(file)),
      readInclude: contextOf(file).readInclude,
    }
    visitCode(tree, chunks)
    if (chunks.r) file.data.knitr = true
    if (chunks.figures.length > 0) record(chunks.figures, 'figure', file)
    if (chunks.tables.length > 0) record(chunks.tables, 'table', file)
  }
}

interface Chunks {
  stash: readonly string[]
  /** Captioned chunk figures in document order: their keys (`fig:cars`). */
  figures: string[]
  /** Captioned `kable()` tables in document order: their keys (`tab:mtcars`). */
  tables: string[]
  /** Whether any chunk runs R (an R Markdown document). */
  r: boolean
  /** Captioned chunks without a label so far, which knitr labels `unnamed-chunk-N`. */
  unnamed: number
  /** What the R chunks so far assigned (`img_path <- "R/img"`), for the figures' paths. */
  session: RSession
  /** The render's reader of the essay's other files, for a diagram cell's `file:` source. */
  readInclude: ((ref: string) => string | null) | undefined
}

/**
 * The render's folder listing (RenderContext.listFolder), each answer kept with the document so
 * that a later render, which sees no folders, lists them the same.
 */
function folderLister(file: VFile): ((ref: string) => readonly string[] | null) | undefined {
  const list = contextOf(file).listFolder
  if (!list) return undefined
  return (ref) => {
    const names = list(ref)
    if (names) (documentOf(file).folders ??= {})[ref] = [...names]
    return names
  }
}

/** Figure and table numbers for rehype-captions and the anchors references find. */
function record(keys: readonly string[], kind: 'figure' | 'table', file: VFile): void {
  const numbers = new Map(file.data.captionNumbers ?? [])
  const anchors = documentOf(file).anchors
  const chapter = itemChapter(contextOf(file))
  keys.forEach((key, i) => {
    const id = `user-content-${key}`
    const number = chapterNumber(chapter, i + 1)
    numbers.set(id, `${kind === 'figure' ? 'Figure' : 'Table'} ${number}`)
    anchors.push({ key, id, kind, number })
  })
  file.data.captionNumbers = numbers
}

const QUARTO_LABEL = /^label\s*:\s*["']?((fig|tbl)-[\w-]+)["']?\s*$/
/** `fig-cap:`, or knitr's own name `fig.cap:`, which Quarto accepts too. */
const QUARTO_CAPTION = /^(fig|tbl)[-.]cap\s*:\s*(.*)$/

/** A Quarto cell's figure or table: its label, caption and subfigure captions (`fig-subcap:` list), or null. */
function quartoFloat(yaml: readonly string[]): QuartoFloat | null {
  let label: RegExpExecArray | null = null
  let caption: RegExpExecArray | null = null
  const subcaptions: string[] = []
  const captions: string[] = []
  for (let i = 0; i < yaml.length; i++) {
    label ??= QUARTO_LABEL.exec(yaml[i])
    caption ??= QUARTO_CAPTION.exec(yaml[i])
    const list = /^fig[-.](sub)?cap\s*:\s*$/.exec(yaml[i])
    if (list)
      for (let j = i + 1; j < yaml.length && yaml[j].startsWith('- '); j++)
        (list[1] ? subcaptions : captions).push(unquoteYaml(yaml[j].slice(2).trim()))
  }
  if (!label || (caption && caption[1] !== label[2])) return null
  const written = caption && caption[2].trim() !== '' ? unquoteYaml(caption[2].trim()) : null
  if (written === null && (label[2] !== 'fig' || (subcaptions.length === 0 && captions.length === 0))) return null
  return { label: label[1], prefix: label[2], caption: written, subcaptions, captions }
}

interface QuartoFloat {
  label: string
  prefix: string
  caption: string | null
  /** `fig-subcap:` as a list: subfigures `fig-x-1`, `fig-x-2` of the one figure. */
  subcaptions: string[]
  /** `fig-cap:` as a list: a cell drawing several plots, each its own figure `fig-x-1`, `fig-x-2`. */
  captions: string[]
}

/** A one-line YAML scalar's text: `"a \"b\""` or `'it''s'` unquoted. */
function unquoteYaml(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'")
  return value
}

/** `{r`, `{python}`, `{r, echo=FALSE}`: an engine name first, then knitr options. */
const CHUNK_HEADER = /^\{([A-Za-z][\w+-]*)(?:[\s,]([^]*))?\}$/
/** `#|`, or the engine's own comment before the bar: Mermaid's `%%|`, DOT's and JavaScript's `//|`. */
const OPTION_LINE = /^(?:#|%%|\/\/)\|\s?(.*)$/
/** An option line in R's syntax (`echo = FALSE,`), not YAML's (`echo: false`). */
const R_OPTION_LINE = /^[A-Za-z][\w.]*\s*=(?!=)/
const HIDDEN_OPTION = /(?:^|[\s,])(?:echo|include)\s*=\s*(?:FALSE|F)\b/
const HIDDEN_YAML = /^(?:echo|include)\s*:\s*false\s*$/
const INCLUDED_NOT = /(?:^|[\s,])include\s*=\s*(?:FALSE|F)\b/
const EVAL_OPTION = /(?:^|[\s,])eval\s*=\s*([^,]*)/
const EVAL_YAML = /^eval\s*:\s*(.*)$/

/** Whether knitr runs the chunk (its `eval` option, `#| eval:` in Quarto); null when only R could tell (`eval = x > 1`). */
function evaluated(options: string, yaml: readonly string[]): boolean | null {
  const written = EVAL_OPTION.exec(options)?.[1] ?? yaml.map((line) => EVAL_YAML.exec(line)?.[1]).find((v) => v)
  if (written === undefined) return true
  const value = written.trim()
  return /^(?:TRUE|T|true)$/.test(value) ? true : /^(?:FALSE|F|false)$/.test(value) ? false : null
}

function visitCode(parent: Nodes, chunks: Chunks): void {
  if (!('children' in parent) || !Array.isArray(parent.children)) return
  const kids = parent.children as Nodes[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type === 'code') {
      const chunk = rewriteChunk(node, chunks)
      if (chunk === null) kids.splice(i--, 1)
      else kids[i] = chunk
    } else if (node.type === 'paragraph') {
      // bookdown's labelled markdown captions share the chunks' sequences, in document order.
      const labelled = node.children[0]?.type === 'text' || node.children.some((c) => c.type === 'image')
      const caption = labelled ? captionLabel(node) : null
      if (caption) (caption.kind === 'figure' ? chunks.figures : chunks.tables).push(caption.key)
    } else if (node.type !== 'heading' && node.type !== 'table') visitCode(node, chunks)
  }
}

/** A chunk as plain highlighted code, or the figure it includes; null when the author hid it. */
function rewriteChunk(code: Code, chunks: Chunks): Code | Paragraph | Blockquote | PandocDiv | null {
  if (!code.lang?.startsWith('{')) return code
  const header = CHUNK_HEADER.exec(code.meta ? `${code.lang} ${code.meta}` : code.lang)
  if (!header) return attributedCode(code) ?? code
  const [, engine, written = ''] = header
  if (engine.toLowerCase() === 'r') chunks.r = true
  // The preprocessor keeps code bodies aside (syntax/stash.ts) until the tree is HTML.
  const body = hasMarker(code.value) ? unstash(code.value, chunks.stash) : code.value
  const lines = body.split('\n')
  let k = 0
  const yaml: string[] = []
  for (; k < lines.length; k++) {
    const option = OPTION_LINE.exec(lines[k])
    if (!option) break
    yaml.push(option[1].trim())
  }
  const diagram = DIAGRAM_CELLS[engine.toLowerCase()]
  if (diagram)
    return diagramCell(code, {
      engine,
      lang: diagram,
      yaml,
      options: lines.slice(0, k),
      source: diagramSource(yaml, lines.slice(k).join('\n'), chunks.readInclude),
    })
  // knitr also reads `#|` lines in R's syntax (`#| fig.cap = "…",`): options as if in the header.
  const rStyle = yaml.filter((line) => R_OPTION_LINE.test(line)).map((line) => line.replace(/,\s*$/, ''))
  const options = [written, ...rStyle].filter((o) => o.trim() !== '').join(', ')
  const hidden = HIDDEN_OPTION.test(options) || yaml.some((line) => HIDDEN_YAML.test(line))
  const r = engine.toLowerCase() === 'r'
  const runs = r ? evaluated(options, yaml) : false
  // Its assignments are the next chunks' values (knitr runs them all in one session); one that may not run, unknowns.
  if (runs === true) chunks.session.run(lines.slice(k).join('\n'))
  else if (runs === null) chunks.session.skip(lines.slice(k).join('\n'))
  const figure = r && runs !== false ? chunkFigure(options, lines.slice(k).join('\n'), chunks.session, hidden) : null
  const quarto = quartoFloat(yaml)
  if (quarto && !yaml.some((line) => /^include\s*:\s*false\s*$/.test(line))) {
    // Quarto's figure or table of a cell (`#| label: fig-x`, `#| fig-cap: …`): what the cell makes,
    // numbered and captioned with the page's other figures or tables, as a `::: {#fig-x}` div is;
    // its `fig-subcap:` list, subfigures `fig-x-1`, `fig-x-2` (a), (b); pictures it includes, shown.
    code.lang = engine.toLowerCase()
    code.meta = null
    code.value = lines.slice(k).join('\n')
    const values = new Map(quarto.caption === null ? [] : [[`${quarto.prefix}-cap`, quarto.caption]])
    const numbered = (captions: string[]): PandocDiv[] =>
      captions.map((caption, n) => ({
        type: 'pandocDiv',
        attributes: { id: `${quarto.label}-${n + 1}`, classes: [], values: new Map([['fig-cap', caption]]) },
        children: [],
      }))
    const subfigures = numbered(quarto.subcaptions)
    const shown = figure ? [chunkFigureNode({ ...figure, caption: null }, null)] : hidden ? [] : [code]
    if (quarto.caption === null && subfigures.length === 0) {
      // Several figures, each numbered: a plain div of them after the code.
      const plain = { id: null, classes: [], values: new Map<string, string>() }
      const children = [...shown, ...numbered(quarto.captions)]
      return { type: 'pandocDiv', attributes: plain, children, position: code.position }
    }
    const attributes = { id: quarto.label, classes: [], values }
    return { type: 'pandocDiv', attributes, children: [...shown, ...subfigures], position: code.position }
  }
  if (figure && !INCLUDED_NOT.test(options)) {
    // knitr labels a chunk its author did not (`unnamed-chunk-3`): a captioned one is numbered all the same.
    const key = figure.caption === null ? null : `fig:${figure.label ?? `unnamed-chunk-${++chunks.unnamed}`}`
    if (key) chunks.figures.push(key)
    return { ...chunkFigureNode(figure, key), position: code.position }
  }
  // A plot only running the code draws: its number and caption stay, under the code that draws it
  // (alone when the code is hidden, so that the figures after it keep bookdown's numbers).
  const drawn =
    engine.toLowerCase() === 'r' && !INCLUDED_NOT.test(options)
      ? drawnFigure(options, () => `unnamed-chunk-${++chunks.unnamed}`)
      : null
  if (drawn) chunks.figures.push(drawn.key)
  // A `kable()` table with a caption likewise: numbered among the tables, its caption above the code.
  const table =
    !drawn && engine.toLowerCase() === 'r' && !INCLUDED_NOT.test(options)
      ? kableTable(options, lines.slice(k).join('\n'), () => `unnamed-chunk-${++chunks.unnamed}`)
      : null
  if (table) chunks.tables.push(table.key)
  const made = drawn ?? table
  if (hidden) return made ? codeFigure(null, made.key, made.caption, made === table) : null
  code.lang = engine.toLowerCase()
  code.meta = null
  code.value = lines.slice(k).join('\n')
  if (made) return codeFigure(code, made.key, made.caption, made === table)
  // `#| lst-label: lst-x` with `#| lst-cap: …`: the cell's code is a numbered listing.
  const listing = quartoListing(yaml)
  return listing ? listingDiv(listing.label, listing.caption, code) : code
}

/** Quarto's diagram cells, by engine: the code language rehype-diagrams draws. */
const DIAGRAM_CELLS: Record<string, string> = { mermaid: 'mermaid', dot: 'graphviz' }

interface DiagramCell {
  engine: string
  lang: string
  yaml: readonly string[]
  /** The option lines as written (`%%| echo: fenced`). */
  options: readonly string[]
  source: string
}

/** A diagram cell's source: its body, or the file its `file:` option names (Quarto's include of a `.dot`/`.mmd`). */
function diagramSource(yaml: readonly string[], body: string, read: Chunks['readInclude']): string {
  const named = yaml.map((line) => /^file\s*:\s*(.+)$/.exec(line)?.[1]).find((f) => f)
  if (!named || body.trim() !== '') return body
  return read?.(unquoteYaml(named.trim())) ?? body
}

/**
 * A `{mermaid}` or `{dot}` cell: its diagram, drawn (diagrams/rehype-diagrams.ts), numbered and
 * captioned when labelled `fig-` like any cell's figure. Quarto shows a diagram's source only when
 * asked: `echo: true` the source, `echo: fenced` the whole cell as written, above the diagram.
 */
function diagramCell(code: Code, cell: DiagramCell): Code | PandocDiv | null {
  if (cell.yaml.some((line) => /^include\s*:\s*false\s*$/.test(line))) return null
  const position = code.position
  const drawing: Code = { type: 'code', lang: cell.lang, meta: null, value: cell.source, position }
  const float = quartoFloat(cell.yaml)
  const shown: Code | PandocDiv = float
    ? {
        type: 'pandocDiv',
        attributes: {
          id: float.label,
          classes: [],
          values: new Map(float.caption === null ? [] : [[`${float.prefix}-cap`, float.caption]]),
        },
        children: [drawing],
        position,
      }
    : drawing
  const echo = cell.yaml.map((line) => /^echo\s*:\s*(true|fenced)\s*$/.exec(line)?.[1]).find((e) => e)
  if (!echo) return shown
  const options = cell.options.filter((line) => !/^\S+\|\s*echo\s*:/.test(line))
  const written: Code =
    echo === 'fenced'
      ? {
          type: 'code',
          lang: 'markdown',
          meta: null,
          value: ['```{' + cell.engine + '}', ...options, cell.source, '```'].join('\n'),
        }
      : { type: 'code', lang: null, meta: null, value: cell.source }
  return {
    type: 'pandocDiv',
    attributes: { id: null, classes: [], values: new Map() },
    children: [written, shown],
    position,
  }
}

const LISTING_LABEL = /^lst-label\s*:\s*["']?(lst-[\w-]+)["']?\s*$/
const LISTING_CAPTION = /^lst-cap\s*:\s*(.+)$/

function quartoListing(yaml: readonly string[]): { label: string; caption: string | null } | null {
  const label = yaml.map((line) => LISTING_LABEL.exec(line)?.[1]).find((l) => l)
  if (!label) return null
  const caption = yaml.map((line) => LISTING_CAPTION.exec(line)?.[1]).find((c) => c)
  return { label, caption: caption ? unquoteYaml(caption.trim()) : null }
}

/** The fenced div a listing is (dialects/pandoc/figures.ts numbers and captions it). */
function listingDiv(label: string, caption: string | null, code: Code): PandocDiv {
  const values = new Map(caption === null ? [] : [['lst-cap', caption]])
  return {
    type: 'pandocDiv',
    attributes: { id: label, classes: [], values },
    children: [code],
    position: code.position,
  }
}

/**
 * Pandoc's attributes on a code block, `{#lst-x .sql lst-cap="…"}`: the code in its first
 * class's language, inside a div with its id (a listing when the id says `lst-`, else an anchor).
 */
function attributedCode(code: Code): Code | PandocDiv | null {
  const header = /^\{(#[^]*)\}$/.exec(code.meta ? `${code.lang} ${code.meta}` : (code.lang ?? ''))
  if (!header || !looksLikeAttributes(header[1])) return null
  const { id, classes, values } = parseAttributes(header[1])
  code.lang = classes[0] ?? null
  code.meta = null
  if (!id) return code
  return { type: 'pandocDiv', attributes: { id, classes: [], values }, children: [code], position: code.position }
}
