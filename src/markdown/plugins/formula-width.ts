import metrics from 'katex/src/fontMetricsData.js'

/**
 * The width of a KaTeX display formula, known when the page is rendered (issue 40). Paper does
 * not scroll: print.css sets a formula wider than the printed column smaller, from its width in
 * its own ems (`--formula-ems`). In the browser lib/print-fit.ts measures that width; a reader
 * whose page runs no script (scripts blocked, a static copy, a reader mode's print) got the
 * formula cut off mid-expression, its number too. So the render writes an estimate into the
 * essay's HTML, stored with the post: KaTeX's HTML laid out the way katex.css lays it out (boxes side by side, stacks as wide
 * as their widest row), each character as wide as KaTeX's own font metrics say. Checked against
 * Chromium's measure on the corpus's 1,947 display formulas (tests/unit/web/formula-width.test.ts).
 */

type Font = { family: string; bold: boolean; italic: boolean }

/** How a box puts its children together. */
type Layout = 'row' | 'stack' | 'rows' | 'none' | 'lines'

/** A box being read: its children's widths so far, in ems of the formula's font. */
interface Box {
  tag: string
  cls: string[]
  style: Record<string, number>
  font: Font
  /** Its font size over the formula's. */
  scale: number
  layout: Layout
  /** Sum (row, and a line of `lines`) or maximum (stack, rows) of the children so far. */
  width: number
  /** `lines`: the widest line closed so far. */
  widest: number
}

/** KaTeX's \sizeN multipliers (`.sizing.reset-sizeN.sizeM` is M's over N's). */
const SIZES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2, 1.44, 1.728, 2.074, 2.488]

/** Boxes katex.css gives no width of their own (`width: 0`, `100%` or out of the flow). */
const NO_WIDTH = new Set([
  'katex-mathml',
  'pstrut',
  'strut',
  'thinbox',
  'llap',
  'rlap',
  'clap',
  'frac-line',
  'overline-line',
  'underline-line',
  'hline',
  'hdashline',
  'stretchy',
  'hide-tail',
  'halfarrow-left',
  'halfarrow-right',
  'brace-left',
  'brace-center',
  'brace-right',
  'cd-label-left',
  'cd-label-right',
  'mtr-glue',
])

/** Horizontal margins and paddings katex.css sets, in ems: [left, right]. */
const EDGES: Record<string, [number, number]> = {
  nulldelimiter: [0.12, 0],
  'x-arrow-pad': [0.5, 0.5],
  'cd-arrow-pad': [0.27778, 0.55556],
  boxpad: [0.3, 0.3],
  'cancel-pad': [0.2, 0.2],
  'cancel-lap': [-0.2, -0.2],
  anglpad: [0.03889, 0.03889],
  angl: [0, 0.03889],
}

/** A display formula's number: katex.css sets it apart; prose-blocks.css gives it room (min-width 3em, padding 1em). */
const TAG_MIN = 3
const TAG_PAD = 1
/**
 * A character KaTeX's fonts lack is drawn by a fallback font whose width is unknown here: taken
 * as 1em for symbols and ideographs (a wider guess only sets the formula a little smaller on
 * paper), 0.6em for letters; zero-width spaces and joiners take none.
 */
const WIDE_FALLBACK = 1
const FALLBACK = 0.6
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/

const FONT_CLASSES: Record<string, Partial<Font>> = {
  mathnormal: { family: 'Math', italic: true },
  mathit: { family: 'Main', italic: true },
  mathrm: { italic: false },
  mathbf: { family: 'Main', bold: true },
  textbf: { bold: true },
  textit: { italic: true },
  textrm: { family: 'Main' },
  mainrm: { family: 'Main', italic: false },
  boldsymbol: { family: 'Math', bold: true, italic: true },
  amsrm: { family: 'AMS' },
  mathbb: { family: 'AMS' },
  textbb: { family: 'AMS' },
  mathcal: { family: 'Caligraphic' },
  mathfrak: { family: 'Fraktur' },
  textfrak: { family: 'Fraktur' },
  mathboldfrak: { family: 'Fraktur', bold: true },
  textboldfrak: { family: 'Fraktur', bold: true },
  mathtt: { family: 'Typewriter' },
  texttt: { family: 'Typewriter' },
  mathscr: { family: 'Script' },
  textscr: { family: 'Script' },
  mathsf: { family: 'SansSerif' },
  textsf: { family: 'SansSerif' },
  mathboldsf: { family: 'SansSerif', bold: true },
  textboldsf: { family: 'SansSerif', bold: true },
  mathitsf: { family: 'SansSerif', italic: true },
  mathsfit: { family: 'SansSerif', italic: true },
  textitsf: { family: 'SansSerif', italic: true },
  'delim-size1': { family: 'Size1' },
  'delim-size4': { family: 'Size4' },
  'small-op': { family: 'Size1' },
  'large-op': { family: 'Size2' },
}

const fonts = metrics as unknown as Record<string, Record<number, number[]> | undefined>

function metricsOf(font: Font): Record<number, number[]> {
  const variant = font.bold && font.italic ? 'BoldItalic' : font.bold ? 'Bold' : font.italic ? 'Italic' : 'Regular'
  return (
    fonts[`${font.family}-${variant}`] ??
    fonts[`${font.family}-Regular`] ??
    fonts[`${font.family}-Italic`] ??
    fonts[`Main-${variant}`] ??
    fonts['Main-Regular']!
  )
}

function textWidth(text: string, font: Font): number {
  const own = metricsOf(font)
  const main = fonts['Main-Regular']!
  let w = 0
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    const m = own[code] ?? main[code]
    w += m ? m[4] : ZERO_WIDTH.test(ch) ? 0 : code >= 0x2000 ? WIDE_FALLBACK : FALLBACK
  }
  return w
}

function withFont(font: Font, cls: string[]): Font {
  let next = font
  for (const c of cls) {
    const change = FONT_CLASSES[c]
    if (change) next = { ...next, ...change }
  }
  if (cls.includes('delimsizing')) {
    const size = cls.find((c) => /^size[1-4]$/.test(c))
    if (size) next = { ...next, family: `Size${size.slice(4)}` }
  }
  return next
}

/** The factor a `sizing` (or `fontsize-ensurer`) box sets its font size by. */
function sizeFactor(cls: string[]): number {
  if (!cls.includes('sizing') && !cls.includes('fontsize-ensurer')) return 1
  let from = 0
  let to = 0
  for (const c of cls) {
    const reset = /^reset-size(\d+)$/.exec(c)
    if (reset) from = Number(reset[1])
    const size = /^size(\d+)$/.exec(c)
    if (size) to = Number(size[1])
  }
  return from && to ? SIZES[to - 1] / SIZES[from - 1] : 1
}

const LENGTH = /([\w-]+)\s*:\s*(-?[\d.]+)(em|px)?\s*(?:;|$)/g

/** An inline style's lengths in ems: `0.5em`; pixels as at 16 px; percentages count as nothing here. */
function styleLengths(style: string): Record<string, number> {
  const lengths: Record<string, number> = {}
  if (!style) return lengths
  for (const [, property, value, unit] of style.matchAll(LENGTH)) {
    const n = Number(value)
    if (unit === 'px') lengths[property] = n / 16
    else if (unit === 'em' || n === 0) lengths[property] = n
  }
  return lengths
}

/** How katex.css lays out a box's children: side by side, stacked (`.vlist`), or not at all. */
function layoutOf(tag: string, cls: string[]): Layout {
  if (tag === 'svg' || cls.some((c) => NO_WIDTH.has(c))) return 'none'
  if (cls.includes('accent-body') && !cls.includes('accent-full')) return 'none'
  if (cls.includes('katex-html')) return 'lines'
  // a `.vlist-t` is a table: rows (`.vlist-r`) of cells side by side, as wide as its widest row
  if (cls.includes('vlist-t')) return 'rows'
  if (cls.includes('vlist')) return 'stack'
  return 'row'
}

/** The box's width, margins included, in ems of the formula's font. */
function outerWidth(box: Box): number {
  const { cls, style, scale } = box
  // children come in the formula's ems already; the box's own lengths are in its font's
  let content = box.layout === 'none' ? 0 : box.width
  if (style.width !== undefined) content = style.width * scale
  if (style['min-width'] !== undefined) content = Math.max(content, style['min-width'] * scale)
  let edges =
    (style['margin-left'] ?? 0) +
    (style['margin-right'] ?? 0) +
    (style['padding-left'] ?? 0) +
    (style['padding-right'] ?? 0)
  for (const c of cls) if (EDGES[c]) edges += EDGES[c][0] + EDGES[c][1]
  if (cls.includes('root')) edges += 0.2777777778 - 0.5555555556
  return content + edges * scale
}

/** Adds a child's width to its parent as the parent's layout does. */
function addTo(parent: Box, width: number, child: Box | null): void {
  if (parent.layout === 'none') return
  if (parent.layout === 'stack' || parent.layout === 'rows') parent.width = Math.max(parent.width, width)
  else if (parent.layout === 'lines' && child?.cls.includes('newline')) {
    parent.widest = Math.max(parent.widest, parent.width)
    parent.width = 0
  } else if (parent.layout === 'lines' && child?.cls.includes('tag'))
    // the number: prose-blocks.css gives it room beside the formula
    parent.width += Math.max(TAG_MIN, TAG_PAD + width)
  else parent.width += width
}

const VOID = new Set(['br', 'img', 'hr', 'wbr', 'input', 'col', 'area', 'base', 'link', 'meta', 'source'])
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decode(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all
  })
}

const CLASS = /\sclass="([^"]*)"/
const STYLE = /\sstyle="([^"]*)"/
const TOKEN = /<(\/?)([a-zA-Z][\w:-]*)([^>]*)>|<!--[\s\S]*?-->|[^<]+|</g

/**
 * Reads the `.katex-display` element that opens at `start` (KaTeX's generated HTML: quoted
 * attributes, no scripts) and lays it out as it goes, without building a tree. Returns the
 * formula's width in its own ems (its widest line, number included, as lib/print-fit.ts measures
 * it) and where the element ends; null where it does not close.
 */
function readDisplay(html: string, start: number): { ems: number; end: number } | null {
  TOKEN.lastIndex = start
  const stack: Box[] = []
  let ems = 0
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const [whole, closing, name, attrs] = m
    const top = stack.at(-1)
    if (name === undefined) {
      if (top && top.layout !== 'none' && !whole.startsWith('<!--'))
        addTo(top, textWidth(decode(whole), top.font) * top.scale, null)
      continue
    }
    const tag = name.toLowerCase()
    if (closing) {
      let open = stack.length - 1
      while (open >= 0 && stack[open].tag !== tag) open--
      if (open < 0) continue
      // an element left open inside closes with it
      while (stack.length > open + 1) closeTop(stack)
      const box = closeTop(stack)
      if (box.layout === 'lines') ems = Math.max(ems, box.widest, box.width)
      if (stack.length === 0) return { ems, end: TOKEN.lastIndex }
      continue
    }
    const cls = attrs ? (CLASS.exec(attrs)?.[1] ?? '').split(' ').filter(Boolean) : []
    const scale = (top?.scale ?? 1) * sizeFactor(cls)
    const box: Box = {
      tag,
      cls,
      style: attrs ? styleLengths(STYLE.exec(attrs)?.[1] ?? '') : {},
      font: withFont(top?.font ?? ROMAN, cls),
      scale,
      // a row's cells: `.vlist-s` is 2 px that `.vlist-t2`'s margin takes back
      layout: top?.layout === 'none' || cls.includes('vlist-s') ? 'none' : layoutOf(tag, cls),
      width: 0,
      widest: 0,
    }
    // the MathML copy for assistive technology is out of sight: skipped whole
    if (cls.includes('katex-mathml')) {
      const end = html.indexOf('</math>', TOKEN.lastIndex)
      if (end >= 0) TOKEN.lastIndex = end + '</math>'.length
      box.layout = 'none'
    }
    stack.push(box)
    if (VOID.has(tag) || attrs.endsWith('/')) closeTop(stack)
  }
  return null
}

const ROMAN: Font = { family: 'Main', bold: false, italic: false }

function closeTop(stack: Box[]): Box {
  const box = stack.pop()!
  const parent = stack.at(-1)
  if (parent && box.layout !== 'lines')
    addTo(parent, box.layout === 'none' && !hasOwnWidth(box) ? 0 : outerWidth(box), box)
  return box
}

/** A box katex.css takes out of the width (`width: 0`, 100%…) may still set one in its style. */
function hasOwnWidth(box: Box): boolean {
  return (box.tag !== 'svg' && box.style.width !== undefined) || box.style['min-width'] !== undefined
}

/** The width in its own ems of the display formula whose `<span class="katex-display">` opens the text. */
export function displayFormulaEms(html: string): number | null {
  const read = readDisplay(html, 0)
  return read && read.ems > 0 ? read.ems : null
}

const DISPLAY_CLASS = 'class="katex-display'

/**
 * The essay's HTML with each display formula's width written into its `.katex-display` as
 * `--formula-ems` (print.css's scaling reads it; lib/print-fit.ts measures it again where
 * scripts run). Formulas that already carry a style are left as they are.
 */
export function withFormulaWidths(html: string): string {
  if (!html.includes('katex-display')) return html
  let out = ''
  let last = 0
  for (let at = html.indexOf(DISPLAY_CLASS); at >= 0; at = html.indexOf(DISPLAY_CLASS, at + 1)) {
    // rehype-katex writes `<span class="katex-display">`, with `fleqn` or `leqno` maybe
    const start = html.lastIndexOf('<', at)
    const close = html.indexOf('>', at)
    const open = html.slice(start, close + 1)
    if (!/^<span\s[^>]*class="katex-display[\s"]/.test(open) || /\sstyle\s*=/.test(open)) continue
    const read = readDisplay(html, start)
    if (!read) continue
    if (read.ems > 0) {
      out += html.slice(last, close) + ` style="--formula-ems:${read.ems.toFixed(3)}"`
      last = close
    }
    at = read.end - 1
  }
  return out + html.slice(last)
}
