import katex from 'katex'
import { defineMathJaxMacros, mathjaxRewrite } from './mathjax-compat.js'
import { markdownUnescaped } from './markdown-escaped-tex.js'
import { inlineEnvironments } from './inline-environments.js'

defineMathJaxMacros()

/** Macros defined so far in one document; KaTeX adds to it as formulas define them. */
export type Macros = Record<string, unknown>

// \newcommand and friends change `macros` as a side effect, which a cached result would skip.
const DEFINES_MACROS =
  /\\(?:[gex]?def|(?:re)?newcommand|providecommand|let|futurelet|global|DeclareMathOperator|Newextarrow)(?![A-Za-z])/

/**
 * Formulas repeat across essays ($x$, $n$); this is per thread and bounded by output size. On
 * the corpus, 47 % of lookups hit, but the hits came to 3 MB of HTML while 19 MB was kept: the
 * formulas that repeat are short, the long displays almost never. So only short ones are kept,
 * and each render worker holds a few MB instead of tens.
 */
const cache = new Map<string, string>()
const CACHE_LIMIT_CHARS = 6 * 1024 * 1024
/** Longest formula output kept (KaTeX HTML plus MathML; `$x$` is about 500 characters). */
const CACHED_HTML_MAX_CHARS = 4 * 1024
let cachedChars = 0

/**
 * KaTeX HTML (with MathML) for one formula. Never throws: a formula KaTeX cannot read is shown
 * as its TeX source in KaTeX's error markup (`span.katex-error`, the parse error in its title).
 * `\newcommand`/`\def` persist into `macros`, so later formulas of the same document can use them.
 */
export function renderTex(tex: string, displayMode: boolean, macros: Macros): string {
  const cacheable = Object.keys(macros).length === 0 && !DEFINES_MACROS.test(tex)
  const key = (displayMode ? 'D' : 'I') + tex
  if (cacheable) {
    const hit = cache.get(key)
    if (hit !== undefined) return hit
  }
  const html = renderUncached(tex, displayMode, macros)
  if (cacheable && html.length <= CACHED_HTML_MAX_CHARS) remember(key, html)
  return html
}

function renderUncached(tex: string, displayMode: boolean, macros: Macros): string {
  // A refused try may have defined some of its macros already; each try starts from the same table.
  const before = DEFINES_MACROS.test(tex) ? { ...macros } : null
  const strict = renderOnce(tex, displayMode, macros, true)
  if (strict !== null) return strict
  if (before) restoreMacros(macros, before)
  // Written for MathJax: tried again as MathJax reads it, kept if KaTeX then reads it all.
  const rewritten = mathjaxRewrite(tex)
  const second = rewritten === tex ? null : renderOnce(rewritten, displayMode, macros, true)
  if (second !== null) return second
  if (before) restoreMacros(macros, before)
  // Sphinx (Jupyter Book 1) sets a display whose rows stand outside any environment in `split`
  // (sphinx.util.math's wrap): `$$ P(A) & = P(B) \\ & = … $$` reads there, so it must here.
  const rows = displayMode ? splitRows(rewritten) : null
  const split = rows === null ? null : renderOnce(rows, displayMode, macros, true)
  if (split !== null) return split
  if (before) restoreMacros(macros, before)
  const inline = displayMode ? null : inlineEnvironments(rewritten)
  const lined = inline === null ? null : renderOnce(`\\displaystyle ${inline}`, false, macros, true)
  if (lined !== null) return lined
  if (before) restoreMacros(macros, before)
  const overwriting = withRenewedNames(rewritten, displayMode, macros, before)
  if (overwriting !== null) return overwriting
  if (before) restoreMacros(macros, before)
  // Written for a markdown processor that escapes inside formulas too: tried as MathJax got it.
  const unescaped = markdownUnescaped(rewritten)
  const third = unescaped === rewritten ? null : renderOnce(unescaped, displayMode, macros, true)
  if (third !== null) return third
  if (before) restoreMacros(macros, before)
  // Still refused: KaTeX's own lenient output (an unknown command in red, or the source).
  return renderOnce(tex, displayMode, macros, false) ?? ''
}

/** A display's `&`/`\\` rows outside any environment, in a `split`; null when it has none. */
function splitRows(tex: string): string | null {
  let depth = 0
  let rows = false
  for (const m of tex.matchAll(/\\(begin|end)\{[^}]*\}|\\\\|\\.|&/g)) {
    if (m[1] === 'begin') depth++
    else if (m[1] === 'end') depth--
    else if (depth === 0 && (m[0] === '&' || m[0] === '\\\\')) rows = true
  }
  return rows ? `\\begin{split}${tex}\\end{split}` : null
}

/** How many names one formula may define over KaTeX's own before it is taken as refused. */
const MAX_RENEWED = 20
const REDEFINING = /\\newcommand\{(\\[A-Za-z]+)\} attempting to redefine/

/**
 * A formula of definitions written for MathJax, whose `\newcommand` overwrites any name
 * (`\R`, `\bra`: KaTeX defines both and asks for `\renewcommand`), read with `\renewcommand`
 * for each name KaTeX refuses; null when it refuses the formula for anything else.
 */
function withRenewedNames(tex: string, displayMode: boolean, macros: Macros, before: Macros | null): string | null {
  let written = tex
  for (let k = 0; k < MAX_RENEWED; k++) {
    const name = REDEFINING.exec(lastRefusal)?.[1]
    if (!name || !written.includes(`\\newcommand{${name}}`)) return null
    written = written.replace(`\\newcommand{${name}}`, `\\renewcommand{${name}}`)
    if (before) restoreMacros(macros, before)
    const html = renderOnce(written, displayMode, macros, true)
    if (html !== null) return html
  }
  return null
}

function restoreMacros(macros: Macros, before: Macros): void {
  for (const name of Object.keys(macros)) if (!(name in before)) delete macros[name]
  Object.assign(macros, before)
}

/**
 * Whether KaTeX's output is a formula it could not read: its error markup (the source), or a
 * command it does not know, which it shows in red as `<mtext>\name</mtext>`.
 */
export function isError(html: string): boolean {
  return html.startsWith('<span class="katex-error"') || html.includes('<mstyle mathcolor="#cc0000"><mtext>\\')
}

/** Why KaTeX refused the last formula it refused (renders are synchronous, one at a time). */
let lastRefusal = ''

/** One KaTeX render; with `strict`, null for any formula KaTeX does not read in full. */
function renderOnce(tex: string, displayMode: boolean, macros: Macros, strict: boolean): string | null {
  try {
    return katex.renderToString(tex, {
      displayMode,
      output: 'htmlAndMathml',
      throwOnError: strict,
      strict: 'ignore',
      trust: false,
      globalGroup: true,
      macros: macros as katex.KatexOptions['macros'],
      maxExpand: 1000,
    })
  } catch (error) {
    lastRefusal = error instanceof Error ? error.message : String(error)
    // throwOnError only covers ParseError; anything else KaTeX throws is shown the same way.
    return strict ? null : errorMarkup(tex, error)
  }
}

/** Runs prose-level definitions (`\newcommand` lines outside formulas) into `macros`. */
export function runPreamble(definitions: string[], macros: Macros): void {
  for (const written of definitions) {
    // Macros written for MathJax (`\sigma_\w`) are used by formulas KaTeX reads as MathJax does.
    const block = mathjaxRewrite(written)
    const parts = splitDefinitions(block)
    // A block of many definitions (a page's hidden `$$…$$` of macros) stops at its first one
    // KaTeX refuses; read one by one, the others still serve the page.
    if (parts.length > 1) {
      // Tried whole on a copy first, so that a block KaTeX reads in one go is rendered once.
      const tried = { ...macros }
      if (!isError(renderOnce(block, false, tried, false) ?? '')) {
        Object.assign(macros, tried)
        continue
      }
    }
    for (const definition of parts) {
      const html = renderOnce(definition, false, macros, false) ?? ''
      // A name KaTeX already knows (\R) needs \renewcommand; MathJax would just overwrite it.
      if (html.includes('katex-error') && /^\\newcommand/.test(definition)) {
        renderOnce(definition.replace(/^\\newcommand/, '\\renewcommand'), false, macros, false)
      }
    }
  }
}

const DEFINING = /\\(?:newcommand|renewcommand|providecommand|def|gdef|DeclareMathOperator\*?|require)(?![A-Za-z])/g

/** A block's definitions one by one, each from its command to the next one's, at brace depth 0. */
function splitDefinitions(block: string): string[] {
  const starts: number[] = []
  let depth = 0
  let i = 0
  // One pass: the positions of the defining commands come in order, so the depth is counted once.
  for (const m of block.matchAll(DEFINING)) {
    for (; i < m.index; i++) {
      if (block[i] === '\\') i++
      else if (block[i] === '{') depth++
      else if (block[i] === '}') depth = Math.max(0, depth - 1)
    }
    if (depth === 0) starts.push(m.index)
  }
  if (starts.length < 2) return [block]
  return starts.map((start, k) => block.slice(start, starts[k + 1] ?? block.length).trim())
}

function remember(key: string, html: string): void {
  cache.set(key, flat(html))
  cachedChars += key.length + html.length
  // Oldest first: Map keeps insertion order.
  for (const [oldKey, oldHtml] of cache) {
    if (cachedChars <= CACHE_LIMIT_CHARS) break
    cache.delete(oldKey)
    cachedChars -= oldKey.length + oldHtml.length
  }
}

/**
 * KaTeX builds its markup by concatenation: V8 keeps such a string as a tree of its pieces,
 * a node of 32 bytes per piece, until something reads it whole. Kept in the cache as is, the
 * trees weighed more than the characters (13 of 30 MB per worker); ToNumber reads a string
 * whole, which makes V8 flatten it into one piece in place (a worker's peak −12 MB).
 */
let _flattened = 0
function flat(html: string): string {
  // kept in a variable, so that no compiler drops the conversion as unused
  _flattened ^= Number(html) | 0
  return html
}

function errorMarkup(tex: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return `<span class="katex-error" title="${escapeHtml(message)}" style="color:#cc0000">${escapeHtml(tex)}</span>`
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
