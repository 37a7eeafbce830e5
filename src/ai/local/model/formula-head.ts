import { normalTex, symbolsIn } from './tex-symbols.js'

export interface Head {
  key: string
  relation: string
  /** Written applied to arguments (`D(\mathbf{x})`): a phrase about it names its value, not the function. */
  applied?: true
  /** The applied form as written, arguments included (`Z(x)`). */
  written?: string
}

/**
 * The symbol a formula names, as written: the formula itself when it is one symbol (`s_x^2`,
 * `\hat{\mathbf{v}}_t`, `\mathrm{RSS}`, `ML`, `\Delta x`), or the one symbol on the left of a
 * relation (`\mathbf{q} \in \mathbb{R}^d`, `\eta = 0.01`) or of its argument list (`f(x)`).
 */
export function headOf(tex: string): Head | null {
  let t = definitionalEquals(tex)
    .replace(/\\mathit\s*\{([^{}]*)\}/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/(?:\\[,;:!]|[\s.,;:])+$/, '')
    .trim()
  let relation = ''
  let depth = 0
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]
    if (ch === '\\' && /^\\[{}]/.test(t.slice(i))) {
      i++
      continue
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++
    else if (ch === '}' || ch === ')' || ch === ']') depth--
    if (depth !== 0) continue
    const rel =
      /^(?:\\in(?![A-Za-z])|\\sim(?![A-Za-z])|\\(?:leq?|geq?|neq|approx|coloneqq|leftarrow|gets|subseteq|subset)(?![A-Za-z])|:=|=|<|>)/.exec(
        t.slice(i),
      )
    if (rel) {
      relation = rel[0]
      t = t.slice(0, i).trim()
      break
    }
  }
  const bare = t
  t = t.replace(/^(.+?)\s*(?:\\left)?\((?:[^()]|\([^()]*\))*(?:\\right)?\)$/, '$1').trim()
  const applied = t !== bare ? { applied: true as const, written: bare } : {}
  if (t === '' || t.length > 40 || /^[\d(]/.test(t)) return null
  if (/^\\nabla\s*[A-Za-z]$/.test(t)) return { key: `\\nabla ${t.slice(-1)}`, relation, ...applied }
  const labelled = withLabel(t)
  if (labelled) return { key: labelled, relation, ...applied }
  // `p_t(x|x_1)`, `p(\theta \mid x)`: a conditional is a quantity of its own, not the function `p`.
  const fn = symbolsIn(t)
  if (
    t !== bare &&
    // one bar: two are an absolute value or a norm
    (bare.slice(t.length).match(/\||\\mid(?![A-Za-z])|\\vert(?![A-Za-z])/g) ?? []).length === 1 &&
    fn.length === 1 &&
    normalTex(fn[0]) === normalTex(t)
  )
    return { key: bare, relation }
  if (
    /[+\-*/=|!<>,&]|\\(?:cdot|times|frac|dfrac|sum|prod|int|sqrt|left|right|quad|qquad|\||top|circ|odot|otimes|partial|nabla|log|ln|exp|min|max|lim)(?![A-Za-z])|\^\s*\{?\s*\\top/.test(
      t
        .replace(/\[[^\]]*\]$/, '')
        .replace(/\^\s*\{?\s*[*+]\s*\}?$/, '')
        // `\lambda_{\min}`: an operator word as an index is a label, not an operation.
        .replace(/([_^])\s*\{?\s*\\(?:min|max)\s*\}?/g, '$1m'),
    )
  )
    return null
  const atoms = symbolsIn(t)
  if (atoms.length === 1 && normalTex(atoms[0]) === normalTex(t)) return { key: atoms[0], relation, ...applied }
  // `\pi` written alone in the prose ("for any permutation π", "a policy π") is the symbol the sentence is about;
  // in a formula it is the constant, and not listed unless the essay names it.
  if (t === '\\pi') return { key: t, relation, ...applied }
  // One symbol with a prime, a power or a star as written (`s_x^2`, `g_t'`, `x^\star`: the optimum).
  const rest = normalTex(t).startsWith(normalTex(atoms[0] ?? '-')) ? normalTex(t).slice(normalTex(atoms[0]).length) : ''
  if (atoms.length === 1 && /^(?:'+|\^(?:\d|\\prime|\*|\+|\\star|\\ast|\\dagger))$/.test(rest))
    return { key: `${atoms[0]}${rest}`, relation, ...applied }
  // Written as one name: `ML`, `\mathrm{RSS}`, `\operatorname{KL}[P\,||\,Q]`, `\mathrm{prox}_\varphi`, a difference `\Delta x`.
  if (
    /^(?:[A-Z][A-Za-z]{1,3}|\\(?:mathrm|operatorname)\s*\{[A-Za-z]{2,}\}(?:\s*_\s*(?:\{\\?[A-Za-z]+\}|\\[A-Za-z]+|[A-Za-z]))?(?:\s*\[[^\]]*\])?|\\[Dd]elta\s*[A-Za-z])$/.test(
      t,
    )
  )
    return { key: t, relation, ...applied }
  return null
}

/** What a label above a symbol may be: an index in parentheses, a word or a letter, a Greek letter (not a transpose nor a power). */
const LABEL =
  /^(?:\([^()]*\)|(?!T$)[A-Za-z]{1,12}|\\(?:mathrm|text|textrm|rm|mathsf)\s*\{[A-Za-z ]{1,12}\}|\\(?:alpha|beta|gamma|delta|theta|lambda|mu|nu|pi|phi|psi|tau|omega|ell))$/

/**
 * `x_i^{(t)}`, `\theta^{(D)}`, `\mathcal{L}^{meta}`, `D^{val}_i`, `u^i`: one symbol with an index or a
 * label written above it is a symbol of its own, as written (`X^T`, `x^2`, `W^{-1}` are not).
 */
function withLabel(t: string): string | null {
  const m = /^(.+?)\s*\^\s*(\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z]|\\[A-Za-z]+)\s*(_\s*(?:\{[^{}]*\}|[A-Za-z0-9]))?$/.exec(
    t,
  )
  if (!m || !LABEL.test(m[2].replace(/^\{\s*|\s*\}$/g, ''))) return null
  const base = `${m[1]}${m[3] ?? ''}`
  const atoms = symbolsIn(base)
  if (atoms.length !== 1 || normalTex(atoms[0]) !== normalTex(base) || /^e$/.test(m[1].trim())) return null
  return m[3] ? t : `${atoms[0]}^${m[2]}`
}

/** `r_t \stackrel{\text{def}}{=} …`, `x \triangleq …`: an equals sign that defines is an equals sign. */
export function definitionalEquals(tex: string): string {
  return tex
    .replace(/\{?\s*\\(?:stackrel|overset)\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{\s*=\s*\}\s*\}?/g, ' = ')
    .replace(/\\(?:triangleq|eqqcolon|doteq|equiv)(?![A-Za-z])/g, ' = ')
}

/** Dots that stand for the members a list leaves out (`x_1, \ldots, x_n`). */
const ELLIPSIS = /^(?:\\[lc]?dots[bc]?|\\ldots|\\cdots|\.\.\.|…)$/

/**
 * The symbols a formula names: its head, or each member of a list written in one formula
 * (`x_1, \ldots, x_n`, `\mu, \sigma`), so that "let X₁, …, Xₙ be independent random variables"
 * names every one of them. Empty when the formula is an expression, not a symbol or a list of them.
 */
export function headsOf(tex: string): Head[] {
  const one = headOf(tex)
  if (one) return [one]
  // `\{x_1, \ldots, x_n\}`, `{a, b}`: the braces of a set go (not the last brace of `X_{k}`).
  const t = tex.replace(/^\s*(?:\\left\s*)?(\\?)\{(.*)(?:\\right\s*)?\1\}\s*$/s, (all, _: string, inner: string) =>
    balanced(inner) ? inner.replace(/\\right\s*$/, '') : all,
  )
  const parts = splitTopLevel(t)
  if (parts.length < 2) return []
  const heads: Head[] = []
  for (const part of parts) {
    if (ELLIPSIS.test(part.trim())) continue
    const h = headOf(part)
    if (!h || h.relation !== '') return []
    heads.push(h)
  }
  return heads.length >= 2 ? heads : []
}

/** Braces that open and close in order. */
function balanced(tex: string): boolean {
  let depth = 0
  for (let i = 0; i < tex.length; i++) {
    if (tex[i] === '\\') i++
    else if (tex[i] === '{') depth++
    else if (tex[i] === '}' && --depth < 0) return false
  }
  return depth === 0
}

/** The formula split at its commas outside braces and brackets. */
function splitTopLevel(tex: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < tex.length; i++) {
    const ch = tex[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++
    else if (ch === '}' || ch === ')' || ch === ']') depth--
    else if (ch === ',' && depth === 0) {
      parts.push(tex.slice(from, i))
      from = i + 1
    }
  }
  parts.push(tex.slice(from))
  return parts
}
