import katex from 'katex'

/** Macros defined so far in one document; KaTeX adds to it as formulas define them. */
export type Macros = Record<string, unknown>

// \newcommand and friends change `macros` as a side effect, which a cached result would skip.
const DEFINES_MACROS =
  /\\(?:[gex]?def|(?:re)?newcommand|providecommand|let|futurelet|global|DeclareMathOperator)(?![A-Za-z])/

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
  try {
    return katex.renderToString(tex, {
      displayMode,
      output: 'htmlAndMathml',
      throwOnError: false,
      strict: 'ignore',
      trust: false,
      globalGroup: true,
      macros: macros as katex.KatexOptions['macros'],
      maxExpand: 1000,
    })
  } catch (error) {
    // throwOnError only covers ParseError; anything else KaTeX throws is shown the same way.
    return errorMarkup(tex, error)
  }
}

/** Runs prose-level definitions (`\newcommand` lines outside formulas) into `macros`. */
export function runPreamble(definitions: string[], macros: Macros): void {
  for (const definition of definitions) {
    const html = renderUncached(definition, false, macros)
    // A name KaTeX already knows (\R) needs \renewcommand; MathJax would just overwrite it.
    if (html.includes('katex-error') && /^\\newcommand/.test(definition)) {
      renderUncached(definition.replace(/^\\newcommand/, '\\renewcommand'), false, macros)
    }
  }
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
