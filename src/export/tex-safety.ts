/**
 * TeX from an essay (its formulas and macro definitions) is copied into the exported `.tex`
 * as written, and whoever compiles that file runs it. On the site KaTeX typesets the same TeX
 * and knows no command that reads or writes a file or runs a program; the export must not
 * either (issue 21). So before essay TeX is written, every command that could reach outside
 * the document, and every way of building such a command's name at run time, is replaced by
 * its name shown as text: `\input{/etc/hostname}` becomes "\input{/etc/hostname}" in the PDF.
 *
 * Ways around a list of names, and what closes them:
 * - `^^5cinput` is `\input` to TeX (the `^^` notation is read before anything else): no `^^`
 *   survives;
 * - `\csname input\endcsname`, `\UseName{input}`, `\begin{input}` (LaTeX runs `\csname` on an
 *   environment name), `\scantokens`, `\catcode`/`\makeatletter`/`\ExplSyntaxOn` (which make
 *   `\@@input`, `\file_input:n` reachable): all neutralised; `\begin`/`\end` keep working
 *   only with a literal name that is itself allowed;
 * - `\let\x\input`, `\def\x{\input}`: the name `\input` is still written once, and goes.
 * Formulas that use none of these are unchanged, so normal essays export as before.
 */

/** Commands by exact name: file and shell access, package loading, catcode and name tricks. */
const FORBIDDEN = new Set([
  'read',
  'readline',
  'openin',
  'openout',
  'closein',
  'closeout',
  'immediate',
  'special',
  'scantokens',
  'scantextokens',
  'everyeof',
  'endlinechar',
  'lccode',
  'uccode',
  'makeatletter',
  'makeatother',
  'ExplSyntaxOn',
  'ExplSyntaxOff',
  'UseName',
  'ExpandArgs',
  'usepackage',
  'RequirePackage',
  'RequirePackageWithOptions',
  'documentclass',
  'LoadClass',
  'LoadClassWithOptions',
  'usetikzlibrary',
  'usepgflibrary',
  'usepgfmodule',
  'pagenumbering',
  'mdfivesum',
  'ShellEscape',
  'directlua',
  'latelua',
  // \fontfamily{…}\selectfont reads the file named after it (`<encoding><family>.fd`).
  'fontencoding',
  'fontfamily',
  'usefont',
  // A `run:` link is a launch action in a PDF; the site's KaTeX (trust: false) refuses \href too.
  'href',
])

/**
 * Commands by part of their name: `\input`, `\InputIfFileExists`, `\lstinputlisting`,
 * `\include…`, `\IfFileExists`, `\filedump`, `\write`, `\newwrite`, `\catcode`, `\csname`,
 * `\ifcsname`, and every pdfTeX or LuaTeX extension (`\pdffiledump`, `\pdfobj file`, `\luaexec`…).
 */
const FORBIDDEN_PART = /input|include|file|write|shell|catcode|csname|^pdf|^lua/i

/** Environments that write files (`filecontents`, fancyvrb's `VerbatimOut`…). */
const FORBIDDEN_ENVIRONMENT = /file|write|verbatimout/i
/**
 * An environment name LaTeX will look up as written. Anything else (`@nameuse`, `\x\y`) could
 * name an internal command or be built at run time.
 */
const LITERAL_ENVIRONMENT = /^[A-Za-z]+\*?$/

/** Whether a command name (without its backslash) is one an exported essay may not use. */
export function forbiddenCommand(name: string): boolean {
  return FORBIDDEN.has(name) || FORBIDDEN_PART.test(name)
}

/** How a neutralised command shows in the PDF: its name as text, in math and in prose alike. */
const shown = (text: string): string => `\\mbox{\\textbackslash ${text}}`
const CARETS = '\\mbox{\\textasciicircum\\textasciicircum}'

/**
 * The essay's TeX with every forbidden command replaced by its name as text. Idempotent, and
 * the identity on TeX that uses none of them.
 */
export function neutraliseTex(tex: string): string {
  if (!tex.includes('\\') && !tex.includes('^^')) return tex
  const s = tex.replace(/\^\^/g, CARETS)
  let out = ''
  let i = 0
  while (i < s.length) {
    const slash = s.indexOf('\\', i)
    if (slash < 0) {
      out += s.slice(i)
      break
    }
    out += s.slice(i, slash)
    const word = /^[A-Za-z]+/.exec(s.slice(slash + 1, slash + 64))?.[0]
    if (!word) {
      // A control symbol (`\\`, `\{`, `\%`…) is never forbidden; it is copied whole so that
      // `\\input` stays a line break followed by the word "input".
      out += s.slice(slash, slash + 2)
      i = slash + 2
      continue
    }
    let end = slash + 1 + word.length
    // A name longer than the look-ahead: take all of it.
    while (end < s.length && /[A-Za-z]/.test(s[end])) end++
    const name = s.slice(slash + 1, end)
    if (name === 'begin' || name === 'end') {
      // LaTeX runs `\csname NAME\endcsname` (and `\endNAME`): `\begin{input}` is `\input`.
      const env = environmentName(s, end)
      const base = env?.name.replace(/\*$/, '') ?? ''
      if (
        env &&
        LITERAL_ENVIRONMENT.test(env.name) &&
        !FORBIDDEN_ENVIRONMENT.test(base) &&
        !forbiddenCommand(base) &&
        !forbiddenCommand(`end${base}`)
      ) {
        out += s.slice(slash, env.end)
        i = env.end
      } else if (env && LITERAL_ENVIRONMENT.test(env.name)) {
        out += shown(`${name}\\{${env.name}\\}`)
        i = env.end
      } else {
        out += shown(name)
        i = end
      }
      continue
    }
    out += forbiddenCommand(name) ? shown(name) : s.slice(slash, end)
    i = end
  }
  return out
}

/** The `{name}` after `\begin`/`\end` (spaces and comments between skipped, as TeX does), or null when no braced name follows. */
function environmentName(s: string, from: number): { name: string; end: number } | null {
  let j = from
  for (;;) {
    while (j < s.length && /\s/.test(s[j])) j++
    if (s[j] !== '%') break
    while (j < s.length && s[j] !== '\n') j++
  }
  const m = /^\{([^{}\\]*)\}/.exec(s.slice(j, j + 200))
  return m ? { name: m[1], end: j + m[0].length } : null
}
