/**
 * Whether a document is written in MyST (Jupyter Book, mystmd): a directive fence
 * (```` ```{note} ````, `:::{prf:theorem}`), a role (`` {eq}`label` ``) or a target line
 * (`(label)=`). Quarto and R Markdown fence their code cells as ```` ```{python} ````/```` ```{r} ````,
 * and d2l writes ```` ```{.python .input} ````, so a backtick fence counts only when it names a
 * directive MyST has (or a namespaced one, `prf:…`), never a bare language. Quarto draws
 * ```` ```{mermaid} ```` diagrams as cells too: in a document that also
 * fences an engine's cells so (```` ```{r} ````), they are Quarto's, not MyST directives.
 */
export function isMyst(text: string): boolean {
  if (!text.includes('{') && !text.includes(')=')) return false
  TARGET_LINE.lastIndex = 0
  if (TARGET_LINE.test(text)) return true
  let diagram = false
  let cells = false
  for (const m of text.matchAll(DIRECTIVE_FENCE)) {
    const [, fence, name] = m
    const lower = name.toLowerCase()
    if (fence.startsWith('`') && QUARTO_DIAGRAMS.has(lower)) diagram = true
    else if (fence.startsWith(':') || name.includes(':') || MYST_DIRECTIVES.has(lower)) return true
    else if (fence.startsWith('`') && CELL_ENGINES.has(lower)) cells = true
  }
  if (diagram && !cells) return true
  ROLE.lastIndex = 0
  return ROLE.test(text)
}

/**
 * Lines of a MyST page that mark rather than say: block breaks (`+++ {"tags": …}`), targets
 * (`(label)=`) and comments (`% …`). A title heading after them still opens the page.
 */
export function isMystMarkerLine(line: string): boolean {
  return MARKER_LINE.test(line)
}

const MARKER_LINE = /^[ \t]{0,3}(?:\+\+\+(?:[ \t]*\{.*\})?|\([\w:.-]+\)=|%.*)[ \t]*$/

/** `(label)=` alone on a line: MyST's target before a heading, figure or paragraph. */
const TARGET_LINE = /^[ \t]{0,3}\([\w:.-]+\)=[ \t]*$/m
/**
 * A fence opening with a directive name in braces, perhaps with inline options after it
 * (`:::{note icon=false}`, `:::{tip .dropdown}`, `{r, echo=FALSE}`); the name is captured.
 */
const DIRECTIVE_FENCE = /^[ \t]{0,3}(`{3,}|:{3,})\{([A-Za-z][\w:.-]*)(?:[\s,][^}\n]*)?\}/gm
/** `` {role}`content` `` for the roles MyST documents use (the `{x}` form alone is too common). */
const ROLE =
  /\{(?:eq|ref|numref|doc|cite(?::[a-z]+)?|prf:ref|proof:ref|term|index|math|download|abbr|sub|sup|glue(?::[a-z]+)?|dfn|guilabel|kbd|code|button)\}`[^`\n]+`/

/** A cell Quarto and MyST both fence with backticks and a name in braces: a diagram. */
const QUARTO_DIAGRAMS = new Set(['mermaid'])
/** Engines whose cells Quarto and R Markdown fence as ```` ```{r} ````: a document with one is theirs. */
const CELL_ENGINES = new Set(['r', 'python', 'julia', 'ojs', 'bash', 'sql', 'rcpp', 'stan', 'js', 'sh'])

/** Directive names of MyST, Jupyter Book and their common extensions (sphinx-proof, sphinx-exercise, sphinx-design). */
const MYST_DIRECTIVES = new Set([
  'admonition',
  'attention',
  'caution',
  'danger',
  'error',
  'hint',
  'important',
  'note',
  'seealso',
  'tip',
  'warning',
  'aside',
  'margin',
  'sidebar',
  'epigraph',
  'pull-quote',
  'blockquote',
  'figure',
  'image',
  'table',
  'list-table',
  'csv-table',
  'math',
  'code',
  'code-block',
  'code-cell',
  'literalinclude',
  'raw',
  'include',
  'embed',
  'glue',
  'glue:figure',
  'toctree',
  'tableofcontents',
  'contents',
  'toc',
  'bibliography',
  'glossary',
  'index',
  'iframe',
  'mermaid',
  'dropdown',
  'card',
  'grid',
  'grid-item',
  'grid-item-card',
  'tab-set',
  'tab-item',
  'exercise',
  'solution',
  'exercise-start',
  'exercise-end',
  'solution-start',
  'solution-end',
  'div',
  'topic',
  'rubric',
  'only',
  'youtube',
  'video',
])
