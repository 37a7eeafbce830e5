/**
 * Readable text for TeX where markup cannot go: excerpts on cards, meta descriptions, social
 * cards. `$Y_1$ and $\mu_2$` reads "Y₁ and μ₂". Anything it does not know keeps its letters,
 * without the backslashes and braces, so nothing is lost, only less pretty.
 */
const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  cdot: '·',
  bullet: '•',
  times: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  sim: '∼',
  approx: '≈',
  simeq: '≃',
  equiv: '≡',
  neq: '≠',
  ne: '≠',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ll: '≪',
  gg: '≫',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  infty: '∞',
  sum: '∑',
  prod: '∏',
  int: '∫',
  partial: '∂',
  nabla: '∇',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  Leftrightarrow: '⇔',
  mapsto: '↦',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  land: '∧',
  lor: '∨',
  mid: '|',
  ldots: '…',
  cdots: '⋯',
  dots: '…',
  vdots: '⋮',
  ddots: '⋱',
  top: 'ᵀ',
  prime: '′',
  propto: '∝',
  circ: '∘',
  langle: '⟨',
  rangle: '⟩',
  lvert: '|',
  rvert: '|',
  vert: '|',
  log: 'log',
  exp: 'exp',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  ln: 'ln',
  max: 'max',
  min: 'min',
  det: 'det',
  lim: 'lim',
  // operators and relations a formula in an aid's text is read with (`z = μ + σ ⊙ ε`), never their names
  odot: '⊙',
  oplus: '⊕',
  otimes: '⊗',
  star: '⋆',
  ast: '∗',
  cong: '≅',
  perp: '⊥',
  parallel: '∥',
  varnothing: '∅',
  supset: '⊃',
  supseteq: '⊇',
  setminus: '∖',
  wedge: '∧',
  vee: '∨',
  lnot: '¬',
  implies: '⟹',
  iff: '⟺',
  Leftarrow: '⇐',
  leftrightarrow: '↔',
  bot: '⊥',
  dagger: '†',
  ell: 'ℓ',
  hbar: 'ℏ',
  oint: '∮',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  Vert: '‖',
  triangleq: '≜',
  coloneqq: '≔',
  doteq: '≐',
  preceq: '⪯',
  succeq: '⪰',
  lesssim: '≲',
  gtrsim: '≳',
  ni: '∋',
  bigcup: '⋃',
  bigcap: '⋂',
  bigoplus: '⨁',
  bigotimes: '⨂',
  coprod: '∐',
  uparrow: '↑',
  downarrow: '↓',
  longrightarrow: '⟶',
  longmapsto: '⟼',
  hookrightarrow: '↪',
  because: '∵',
  therefore: '∴',
  angle: '∠',
  square: '□',
  blacksquare: '■',
  Box: '□',
  diamond: '⋄',
  triangle: '△',
  surd: '√',
  checkmark: '✓',
  aleph: 'ℵ',
  Re: 'ℜ',
  Im: 'ℑ',
  wp: '℘',
  imath: 'ı',
  jmath: 'ȷ',
  sup: 'sup',
  inf: 'inf',
  limsup: 'lim sup',
  liminf: 'lim inf',
  argmin: 'argmin',
  argmax: 'argmax',
  arg: 'arg',
  // spacing commands are space; braces written as commands are kept (as stand-ins, see BRACES)
  quad: ' ',
  qquad: ' ',
  lbrace: '\uE010',
  rbrace: '\uE011',
  lbrack: '[',
  rbrack: ']',
}
/** Braces the formula shows (`\{`, `\lbrace`), kept apart from TeX's grouping braces until those are gone. */
const BRACES: Record<string, string> = { '\uE010': '{', '\uE011': '}' }
const BLACKBOARD: Record<string, string> = { R: 'ℝ', N: 'ℕ', Z: 'ℤ', Q: 'ℚ', C: 'ℂ', E: '𝔼', P: 'ℙ' }
const SUB: Record<string, string> = {
  0: '₀',
  1: '₁',
  2: '₂',
  3: '₃',
  4: '₄',
  5: '₅',
  6: '₆',
  7: '₇',
  8: '₈',
  9: '₉',
  '+': '₊',
  '-': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
  a: 'ₐ',
  e: 'ₑ',
  h: 'ₕ',
  i: 'ᵢ',
  j: 'ⱼ',
  k: 'ₖ',
  l: 'ₗ',
  m: 'ₘ',
  n: 'ₙ',
  o: 'ₒ',
  p: 'ₚ',
  r: 'ᵣ',
  s: 'ₛ',
  t: 'ₜ',
  u: 'ᵤ',
  v: 'ᵥ',
  x: 'ₓ',
  β: 'ᵦ',
  γ: 'ᵧ',
  ρ: 'ᵨ',
  φ: 'ᵩ',
  χ: 'ᵪ',
}
const SUP: Record<string, string> = {
  0: '⁰',
  1: '¹',
  2: '²',
  3: '³',
  4: '⁴',
  5: '⁵',
  6: '⁶',
  7: '⁷',
  8: '⁸',
  9: '⁹',
  '+': '⁺',
  '-': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  // every small letter with a modifier form (q has none); of the capitals, the transpose's T
  a: 'ᵃ',
  b: 'ᵇ',
  c: 'ᶜ',
  d: 'ᵈ',
  e: 'ᵉ',
  f: 'ᶠ',
  g: 'ᵍ',
  h: 'ʰ',
  i: 'ⁱ',
  j: 'ʲ',
  k: 'ᵏ',
  l: 'ˡ',
  m: 'ᵐ',
  n: 'ⁿ',
  o: 'ᵒ',
  p: 'ᵖ',
  r: 'ʳ',
  s: 'ˢ',
  t: 'ᵗ',
  u: 'ᵘ',
  v: 'ᵛ',
  w: 'ʷ',
  x: 'ˣ',
  y: 'ʸ',
  z: 'ᶻ',
  T: 'ᵀ',
  ᵀ: 'ᵀ',
  '′': '′',
  '*': '*',
}

/** Accents as Unicode combining marks, put on a one-character base (`\\hat{\\beta}` is β̂). */
const ACCENTS: Record<string, string> = {
  hat: '\u0302',
  widehat: '\u0302',
  bar: '\u0304',
  overline: '\u0304',
  tilde: '\u0303',
  widetilde: '\u0303',
  check: '\u030C',
  breve: '\u0306',
  dot: '\u0307',
  ddot: '\u0308',
  vec: '\u20D7',
}

/** A command that sets its argument's letters in a font or as text, which plain text cannot show. */
const FONT_COMMAND =
  /\\(?:mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathnormal|mathbfit|boldsymbol|bm|pmb|text|textrm|textbf|textit|textsf|texttt|emph|operatorname\*?|mathscr|mathfrak)\s*\{([^{}]*)\}/

/**
 * Colour is the page's emphasis, not the formula's content: `{\color{red} m}` reads "m",
 * `\textcolor{blue}{x}` and `\colorbox{yellow}{x}` read "x", and a `\definecolor` reads nothing.
 */
export function withoutColour(tex: string): string {
  if (!/\\(?:(?:text)?color|colorbox|definecolor)(?![A-Za-z])/.test(tex)) return tex
  const s = tex
    .replace(/\\definecolor\s*\{[^{}]*\}\s*\{[^{}]*\}\s*\{[^{}]*\}/g, '')
    .replace(/\\(textcolor|colorbox|color)\s*\[[^\]]*\]/g, '\\$1')
    .replace(/\\color\s*\{[^{}]*\}/g, '')
  return withCommands(s, 'textcolor|colorbox', 2, (_name, [, body]) => `{${body}}`)
}

/**
 * Marks around a numerator, a denominator or a root's radicand, read with the rest of the
 * formula and then put in parentheses when it is more than one term ("(a+b)/2", "1/√2").
 */
const PART = '\uE012\uE013'
/** Roots by their index; another index is written before the sign (`⁵√x`). */
const ROOTS: Record<string, string> = { sqrt: '√', cbrt: '∛', fourthroot: '∜' }

/** Operators whose limits sit under them: `\min_D` reads "min over D", `\lim_{n\to\infty}` "lim as n→∞". */
const LIMIT_OPERATORS =
  /\\(min|max|sup|inf|argmin|argmax|lim|limsup|liminf)(?![A-Za-z])\s*(?:\\(?:no)?limits\s*)?_\s*(\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|\\[A-Za-z]+|[A-Za-z0-9])/g

/**
 * A limit plain text cannot set as a subscript is said in words, the way one reads it aloud: a
 * subscript with no Unicode form would otherwise be ASCII math (`min_D`, `lim_(n→∞)`).
 */
function limitsInWords(tex: string): string {
  return (
    tex
      .replace(
        /\{\s*\\operatorname\*?\s*\{\s*arg(?:\s|\\[,;:! ])*(min|max)\s*\}\s*\}|\\operatorname\*?\s*\{\s*arg(?:\s|\\[,;:! ])*(min|max)\s*\}|\\arg\s*\\(min|max)(?![A-Za-z])/g,
        (_, a?: string, b?: string, c?: string) => `\\arg${a ?? b ?? c}`,
      )
      // An expectation over a distribution (`E_{x \sim p}`) reads "E over x ∼ p".
      .replace(
        /(\\mathbb\s*\{\s*E\s*\}|\\mathbb\s*E|\\(?:mathrm|operatorname)\s*\{\s*E\s*\}|(?<![\\A-Za-z])E)\s*_\s*\{((?:[^{}]|\{[^{}]*\})*\\sim(?:[^{}]|\{[^{}]*\})*)\}/g,
        (_, e: string, limit: string) => `${e} \\mathrm{over}\\ {${limit}}\\ `,
      )
      .replace(LIMIT_OPERATORS, (whole, op: string, limit: string) => {
        const inner = limit.startsWith('{') ? limit.slice(1, -1) : limit
        const text = convert(inner, null)
        if ([...text.replace(/\s+/g, '')].every((c) => SUB[c])) return whole
        return `\\${op} \\mathrm{${op.startsWith('lim') ? 'as' : 'over'}}\\ {${inner}}\\ `
      })
  )
}

/**
 * Longest formula read, in characters; the rest is an ellipsis. Text this long says nothing a
 * card or a sentence can use, and a hostile one (deeply nested accents, unclosed groups) costs
 * time in proportion to its length squared.
 */
const LONGEST_TEX = 4_000

/** Convert one formula's TeX to plain text. */
export function texToText(tex: string): string {
  return convert(tex, null)
}

/**
 * The formula as text only when text says it as the page shows it: every sub- and superscript
 * had a Unicode form and every command a symbol (`ℝᵈ`, `x₁, …, xₙ`, `σ²`); null for one whose
 * text would still spell TeX (`x_T`, `ȳ_(•••)`, a macro's bare name), which a card or an
 * excerpt then leaves out rather than show as ASCII math.
 */
export function texToReadableText(tex: string): string | null {
  const unknown: string[] = []
  const text = convert(tex, unknown)
  return unknown.length > 0 || /[\^_]/.test(text) ? null : text
}

function convert(tex: string, unknown: string[] | null): string {
  if (tex.length > LONGEST_TEX) {
    // blanks do not count: TeX reads a run of them as one
    const compact = tex.replace(/\s+/g, ' ')
    if (compact.length > LONGEST_TEX) return `${convert(compact.slice(0, LONGEST_TEX), unknown)} …`
    tex = compact
  }
  // the stand-ins used below never come from the formula itself
  let s = withCommands(withoutColour(tex.replace(/[\uE010-\uE013]/g, '')), ACCENT_NAMES, 1, (name, [base]) => {
    const text = convert(base, unknown)
    // one letter, with any marks of its own (`\hat{\vec{\beta}}` is β⃗̂)
    return [...text.replace(/\p{M}/gu, '')].length === 1 ? `${text}${ACCENTS[name]}` : `{${base}}`
  })
  // `\overset{i.i.d.}{\sim}` reads as its relation: what is stacked on it is a note.
  s = withCommands(s, 'overset|underset|stackrel', 2, (_name, [, base]) => base)
  // nested groups and all (a subscript's `{…}` inside a fraction); see PART
  s = withCommands(s, '[dt]?frac', 2, (_name, [a, b]) => `${PART[0]}${a}${PART[1]}/${PART[0]}${b}${PART[1]}`)
  s = withCommands(
    s.replace(/\\sqrt\s*\[\s*([^\]]*?)\s*\]/g, (_, n: string) =>
      n === '3' ? '\\cbrt' : n === '4' ? '\\fourthroot' : `{}^{${n}}\\sqrt`,
    ),
    'sqrt|cbrt|fourthroot',
    1,
    (name, [a]) => `${ROOTS[name]}${PART[0]}${a}${PART[1]}`,
  )
  s = limitsInWords(s)
  s = s
    // rows of a matrix or of aligned equations; alignment marks and the environments go
    .replace(/\\\\(?:\[[^\]]*\])?/g, '; ')
    .replace(/(?<!\\)&/g, ' ')
    .replace(/\\(?:begin|end)\s*\{[A-Za-z*]+\}(?:\s*\{[lcr|\s]*\})?/g, ' ')
    .replace(/\\(?:left|right|big|Big|bigg|Bigg)(?![A-Za-z])/g, '')
    .replace(
      /\\mathbb\s*(?:\{\s*([A-Z])\s*\}|([A-Z]))/g,
      (_, c?: string, bare?: string) => BLACKBOARD[c ?? bare!] ?? c ?? bare!,
    )
    // a group after `_` or `^` (`SS_\text{tot}` has a subscript of three letters), its letters elsewhere
    .replace(new RegExp(`([_^])\\s*${FONT_COMMAND.source}`, 'g'), '$1{$2}')
    .replace(new RegExp(FONT_COMMAND.source, 'g'), '$1')
    .replace(/\\\{/g, '\uE010')
    .replace(/\\\}/g, '\uE011')
    .replace(/\\(?:[,;:!]|\s)|~/g, ' ')
    .replace(/\\([A-Za-z]+)/g, (_, name: string) => {
      if (SYMBOLS[name] === undefined) unknown?.push(name)
      return SYMBOLS[name] ?? name
    })
    .replace(/\\(.)/g, '$1')
  s = s.replace(/([_^])\s*(\{([^{}]*)\}|.)/gu, (whole, mark: string, _g: string, group: string | undefined) => {
    const content = group ?? whole.slice(1).trim()
    const table = mark === '_' ? SUB : SUP
    const mapped = [...content].map((c) => table[c])
    if (mapped.every(Boolean)) return mapped.join('')
    return mark === '_' ? `_${wrap(content)}` : `^${wrap(content)}`
  })
  s = s.replace(/[{}]/g, '')
  // each part of a fraction or a root, innermost first, in parentheses unless it is one term
  const innermost = new RegExp(`${PART[0]}([^${PART}]*)${PART[1]}`, 'g')
  while (innermost.test(s)) s = s.replace(innermost, (_, part: string) => wrap(part))
  return (
    s
      .replace(/[\uE010\uE011]/g, (c) => BRACES[c])
      // From the start of a run of blanks only: from each blank, long runs were quadratic.
      .replace(/(?<!\s)\s+([,;])/g, '$1')
      // a row that ends in punctuation of its own, or an empty row, adds no `;`
      .replace(/([,;.:])(?:\s*;)+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/**
 * Replace every `$…$` / `$$…$$` formula in a line of text with its readable form. Pandoc's rule
 * tells math from prices: no space just inside the dollars, no digit right after the closing one.
 */
export function mathToText(text: string): string {
  return text.replace(
    /\$\$([^$]+)\$\$|\$(?!\s)([^$\n]*?[^\s$\\])\$(?!\d)/g,
    (_, display: string | undefined, inline: string | undefined) => texToText(display ?? inline ?? ''),
  )
}

const wrap = (s: string) => (/^[\p{L}\p{M}\p{N}_.ᵀ′√]+$/u.test(s.trim()) ? s.trim() : `(${s.trim()})`)

const ACCENT_NAMES = Object.keys(ACCENTS).join('|')

/**
 * `tex` with each `\\name` of `names` (alternatives of a regular expression) and its `arity`
 * arguments replaced by `replace(name, args)`. An argument is a braced group, nested braces
 * and all, or one token (`\\alpha`, `x`); a command whose arguments are not all there is left.
 */
function withCommands(
  tex: string,
  names: string,
  arity: number,
  replace: (name: string, args: string[]) => string,
): string {
  const command = new RegExp(`\\\\(${names})(?![A-Za-z])`, 'g')
  let out = ''
  let from = 0
  for (let match = command.exec(tex); match; match = command.exec(tex)) {
    const args: string[] = []
    let at = match.index + match[0].length
    while (args.length < arity) {
      const arg = argumentAt(tex, at)
      if (!arg) break
      args.push(arg.text)
      at = arg.end
    }
    if (args.length < arity) continue
    out += tex.slice(from, match.index) + replace(match[1], args)
    from = at
    command.lastIndex = at
  }
  return out + tex.slice(from)
}

/** The argument starting at `at` (blanks skipped): a braced group's inside, or one token. */
function argumentAt(tex: string, at: number): { text: string; end: number } | null {
  while (at < tex.length && /\s/.test(tex[at])) at++
  if (at >= tex.length || tex[at] === '}') return null
  if (tex[at] === '{') {
    let depth = 0
    for (let i = at; i < tex.length; i++) {
      if (tex[i] === '\\') i++
      else if (tex[i] === '{') depth++
      else if (tex[i] === '}' && --depth === 0) return { text: tex.slice(at + 1, i), end: i + 1 }
    }
    return null
  }
  const token = /^\\(?:[A-Za-z]+|.)|^./su.exec(tex.slice(at))![0]
  return { text: token, end: at + token.length }
}
