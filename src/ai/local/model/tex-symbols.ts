/** Greek letters used as variables (`\pi` is left out: it is nearly always the constant, unless indexed or applied). */
const GREEK = new Set(
  'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell'.split(
    ' ',
  ),
)
/** Decorations that make a new symbol of the one they wrap: ŷ is not y. */
const DECORATIONS = new Set([
  'hat',
  'widehat',
  'bar',
  'overline',
  'tilde',
  'widetilde',
  'vec',
  'dot',
  'ddot',
  'mathbf',
  'boldsymbol',
  'bm',
  'pmb',
  'mathcal',
  'mathsf',
  'mathscr',
  'mathfrak',
  'check',
  'breve',
])
/** Commands that only set a letter in the ordinary italic: `\mathit{a}` is `a`. */
const PLAIN = new Set(['mathit', 'mathnormal'])
/** Commands whose argument is words or markup, never a variable. */
const SKIP_ARGUMENT = new Set([
  'text',
  'textrm',
  'textit',
  'textbf',
  'textsf',
  'texttt',
  'mbox',
  'hbox',
  'mathrm',
  'operatorname',
  'mathbb',
  'label',
  'tag',
  'begin',
  'end',
  'color',
  'textcolor',
  'hspace',
  'vspace',
  'phantom',
  'mathop',
  'DeclareMathOperator',
  'newcommand',
  'renewcommand',
])
/** Letter runs written without a backslash that are functions, not products of variables. */
const FUNCTIONS = new Set(
  'log ln exp sin cos tan sinh cosh tanh max min arg argmax argmin lim det var cov tr diag sgn sign sup inf mod gcd relu softmax sigmoid mse loss prob std mean'.split(
    ' ',
  ),
)
/** Calligraphic letters that name a distribution or an order of growth, not a variable. */
const NOT_VARIABLES = new Set(['\\mathcal{N}', '\\mathcal{O}'])

/** TeX as compared: without spaces and braces (`\\mathbf Q` is `\\mathbf{Q}`). */
export function normalTex(tex: string): string {
  return tex.replace(/[\s{}]/g, '')
}

interface Reader {
  tex: string
  at: number
}

/**
 * The variables a formula uses, as canonical TeX, in order of first appearance: single Latin
 * letters, Greek letters, decorated or bold ones (`\hat{\beta}`, `\mathbf{x}`) and short
 * subscripts (`x_i`, `\mu_1`, `w_{\textrm{area}}`). Function names, text, sets (`\mathbb{R}`),
 * differentials (`dx`), Euler's `e^…` and indices inside subscripts are not variables.
 */
export function symbolsIn(tex: string): string[] {
  const found: string[] = []
  const calculus = /\\int|\\frac\s*\{\s*(?:\\mathrm\{d\}|d)|\\mathrm\{d\}/.test(tex)
  const r: Reader = { tex, at: 0 }
  while (r.at < tex.length) {
    const symbol = nextSymbol(r, calculus)
    if (symbol && !found.includes(symbol)) found.push(symbol)
  }
  return found
}

function nextSymbol(r: Reader, calculus: boolean): string | null {
  const ch = r.tex[r.at]
  if (ch === '\\') {
    const name = /^\\([A-Za-z]+)/.exec(r.tex.slice(r.at))?.[1]
    if (!name) {
      r.at += 2
      return null
    }
    r.at += name.length + 1
    // `\Delta x` is one quantity, the change in x (a step size, an increment), not Δ times x.
    const change = name === 'Delta' ? /^\s*([A-Za-z])(?![A-Za-z])/.exec(r.tex.slice(r.at)) : null
    if (change) {
      r.at += change[0].length
      return withSubscript(r, `\\Delta ${change[1]}`)
    }
    // `\nabla f`, the gradient of f, is a quantity of its own; `f` is read next as itself.
    const gradient = name === 'nabla' ? /^\s*([A-Za-z])(?![A-Za-z_])/.exec(r.tex.slice(r.at)) : null
    if (gradient) return `\\nabla ${gradient[1]}`
    if (GREEK.has(name)) return withSubscript(r, `\\${name}`)
    // `\pi_\theta`, `\pi_{\text{ref}}`, `\pi(a \mid s)`: the constant is never indexed nor applied to a symbol;
    // a policy or a prior is (`\pi (r + 1)^2` is the constant times a sum).
    if (
      name === 'pi' &&
      /^\s*(?:_|(?:\\left)?\((?![^()]*(?:[-+*/^\d]|\\(?:frac|cdot|times)))[^()]{1,30}\))/.test(r.tex.slice(r.at))
    )
      return withSubscript(r, '\\pi')
    if (PLAIN.has(name)) {
      const arg = readArgument(r)?.trim() ?? ''
      return /^\\?[A-Za-z]+$/.test(arg) && symbolsIn(arg).length === 1 ? withSubscript(r, arg) : null
    }
    if (DECORATIONS.has(name)) {
      const arg = readArgument(r)
      const inner = arg === null ? [] : symbolsIn(arg)
      // A letter, or a letter decorated once more (`\hat{\mathbf{v}}`).
      const nested = inner.length === 1 && normalTex(arg!) === normalTex(inner[0]) && !inner[0].includes('_')
      const single = nested ? `\\${name}{${/^\\?[A-Za-z]+$/.test(arg!.trim()) ? arg!.trim() : inner[0]}}` : null
      if (!single || NOT_VARIABLES.has(single)) return null
      return withSubscript(r, single)
    }
    if (SKIP_ARGUMENT.has(name)) readArgument(r)
    return null
  }
  // `{\pmb{x}}_0`, as a macro writes it: a group holding one symbol takes the subscript after it.
  if (ch === '{') {
    const group: Reader = { tex: r.tex, at: r.at }
    const inner = readArgument(group) ?? ''
    const atoms = symbolsIn(inner)
    if (atoms.length === 1 && !atoms[0].includes('_') && normalTex(atoms[0]) === normalTex(inner)) {
      r.at = group.at
      return withSubscript(r, atoms[0])
    }
  }
  if (ch === '_' || ch === '^') {
    r.at++
    const arg = readArgument(r)
    // Indices are not variables of their own; exponents may hold some (e^{-x^2}).
    if (ch === '^' && arg && arg.length > 1 && !/^\s*(?:\\top|\\prime|\\mathrm\{T\}|T|-?1|\*)\s*$/.test(arg)) {
      return symbolsIn(arg)[0] ?? null
    }
    return null
  }
  const run = /^[A-Za-z]+/.exec(r.tex.slice(r.at))?.[0]
  if (!run) {
    r.at++
    return null
  }
  if (run.length > 3 || FUNCTIONS.has(run)) {
    r.at += run.length
    return null
  }
  // A short run is a product of variables (`Ax`, `XV`): read one letter at a time.
  r.at++
  const next = r.tex[r.at] ?? ''
  if (run[0] === 'd' && calculus && /[A-Za-z\\]/.test(next)) return null
  if (run[0] === 'e' && next === '^') return null
  return withSubscript(r, run[0])
}

/**
 * A symbol's short subscript is part of its name (`x_i`, `\mu_1`), and so is a word (`x_{test}`,
 * `\beta_{over}`: a label); a longer one with operators is an index expression.
 */
function withSubscript(r: Reader, base: string): string {
  const rest = r.tex.slice(r.at)
  // `y_\text{next}`, `K_\mathcal{U}`: an unbraced command takes its argument along, or the symbol would be `y_{\text}`.
  const m =
    /^\s*_\s*(?:\{([^{}]*(?:\{[^{}]*\}[^{}]*)?)\}|(\\(?:text|textrm|mathrm|mathcal|mathbf|mathsf|mathscr|mathfrak|boldsymbol)\s*\{[A-Za-z]+\}|\\[A-Za-z]+|[A-Za-z0-9]))/.exec(
      rest,
    )
  if (!m) return base
  const sub = (m[1] ?? m[2]).trim()
  if (
    /^[A-Za-z0-9]{1,3}$/.test(sub) ||
    /^[A-Za-z]{4,8}$/.test(sub) ||
    /^\\[A-Za-z]+$/.test(sub) ||
    /^\\(?:text|textrm|mathrm|mathcal|mathbf|mathsf|mathscr|mathfrak|boldsymbol)\s*\{[A-Za-z]+\}$/.test(sub)
  ) {
    r.at += m[0].length
    return sub.length === 1 ? `${base}_${sub}` : `${base}_{${sub}}`
  }
  return base
}

/** The next argument: a braced group (returned without its braces) or a single token. */
function readArgument(r: Reader): string | null {
  while (r.tex[r.at] === ' ') r.at++
  const ch = r.tex[r.at]
  if (ch === undefined) return null
  if (ch === '{') {
    let depth = 0
    for (let i = r.at; i < r.tex.length; i++) {
      if (r.tex[i] === '\\') {
        i++
        continue
      }
      if (r.tex[i] === '{') depth++
      else if (r.tex[i] === '}' && --depth === 0) {
        const arg = r.tex.slice(r.at + 1, i)
        r.at = i + 1
        return arg
      }
    }
    const arg = r.tex.slice(r.at + 1)
    r.at = r.tex.length
    return arg
  }
  const command = /^\\[A-Za-z]+/.exec(r.tex.slice(r.at))?.[0]
  const token = command ?? ch
  r.at += token.length
  // `^\mathrm{T}`: a command's own argument belongs to the token.
  if (command && r.tex[r.at] === '{') return command + `{${readArgument(r) ?? ''}}`
  return token
}
