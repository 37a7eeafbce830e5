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
  i: 'ⁱ',
  n: 'ⁿ',
  T: 'ᵀ',
  t: 'ᵗ',
  k: 'ᵏ',
  x: 'ˣ',
  ᵀ: 'ᵀ',
  '′': '′',
  '*': '*',
}

/** Convert one formula's TeX to plain text. */
export function texToText(tex: string): string {
  let s = tex
    .replace(/\\(?:left|right|big|Big|bigg|Bigg)(?![A-Za-z])/g, '')
    .replace(/\\(?:mathbb)\s*\{\s*([A-Z])\s*\}/g, (_, c: string) => BLACKBOARD[c] ?? c)
    .replace(
      /\\(?:mathrm|mathbf|mathit|mathsf|mathcal|boldsymbol|bm|text|textrm|operatorname|mathscr|mathfrak)\s*\{([^{}]*)\}/g,
      '$1',
    )
    .replace(/\\d?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => `${wrap(a)}/${wrap(b)}`)
    .replace(/\\sqrt\s*\{([^{}]*)\}/g, (_, a: string) => `√${wrap(a)}`)
    .replace(/[\uE010\uE011]/g, '')
    .replace(/\\\{/g, '\uE010')
    .replace(/\\\}/g, '\uE011')
    .replace(/\\[,;:! ]|~/g, ' ')
    .replace(/\\([A-Za-z]+)/g, (_, name: string) => SYMBOLS[name] ?? name)
    .replace(/\\(.)/g, '$1')
  s = s.replace(/([_^])\s*(\{([^{}]*)\}|.)/gu, (whole, mark: string, _g: string, group: string | undefined) => {
    const content = group ?? whole.slice(1).trim()
    const table = mark === '_' ? SUB : SUP
    const mapped = [...content].map((c) => table[c])
    if (mapped.every(Boolean)) return mapped.join('')
    return mark === '_' ? `_${wrap(content)}` : `^${wrap(content)}`
  })
  return (
    s
      .replace(/[{}]/g, '')
      .replace(/[\uE010\uE011]/g, (c) => BRACES[c])
      // From the start of a run of blanks only: from each blank, long runs were quadratic.
      .replace(/(?<!\s)\s+([,;])/g, '$1')
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

const wrap = (s: string) => (/^[\w.ᵀ′]+$/u.test(s.trim()) ? s.trim() : `(${s.trim()})`)
