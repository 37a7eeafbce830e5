import katex from 'katex'
import { xcolorMixes } from './xcolor.js'

/**
 * What MathJax accepts and KaTeX does not, so that a site written for MathJax renders here.
 * Two parts: macros KaTeX lacks (defined once, for every document, in KaTeX's own table), and
 * rewrites of habits KaTeX's parser refuses (`Q^\vec{\mu}`, `\text{a_b}`, `&` in text), tried
 * only on a formula KaTeX could not read, so that no formula that renders today changes.
 */

/** KaTeX's macro context, as far as these macros use it (katex's MacroContextInterface). */
interface Context {
  future(): { text: string }
  popToken(): { text: string }
  consumeArgs(count: number): Array<Array<{ text: string }>>
}
type Expansion = string | { tokens: Array<{ text: string }>; numArgs: number }

const defineMacro = (
  katex as unknown as { __defineMacro(name: string, body: string | ((c: Context) => Expansion)): void }
).__defineMacro

/** An argument's tokens (KaTeX keeps them last first) as TeX again. */
function source(tokens: Array<{ text: string }>): string {
  let out = ''
  for (let k = tokens.length - 1; k >= 0; k--) {
    const text = tokens[k].text
    // A control word runs into a letter after it unless something separates them.
    out += /\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(text) ? ' ' + text : text
  }
  return out
}

/** A macro that reads `count` arguments and shows the one at `keep` (or nothing). */
function keeping(count: number, keep: number | null) {
  return (context: Context): Expansion => {
    const args = context.consumeArgs(count)
    return keep === null ? '' : { tokens: args[keep], numArgs: 0 }
  }
}

/** `[…]` options KaTeX would otherwise read as text: read and dropped. */
function skipOption(context: Context): void {
  if (context.future().text !== '[') return
  for (let k = 0; k < 200; k++) {
    const text = context.popToken().text
    if (text === ']' || text === 'EOF') return
  }
}

let defined = false

/** Defines the MathJax-only commands in KaTeX's global table; idempotent. */
export function defineMathJaxMacros(): void {
  if (defined) return
  defined = true
  // Extensions are built in here; the argument names one.
  defineMacro('\\require', keeping(1, null))
  // HTML/CSS hooks MathJax puts on a subformula: the formula stays, the hook goes.
  defineMacro('\\class', keeping(2, 1))
  // amsmath's multline pushes a row to one side; its rows are centred here (multline reads as gathered).
  defineMacro('\\shoveleft', keeping(1, 0))
  defineMacro('\\shoveright', keeping(1, 0))
  defineMacro('\\cssId', keeping(2, 1))
  defineMacro('\\style', keeping(2, 1))
  defineMacro('\\enclose', (context) => {
    const args = context.consumeArgs(1)
    skipOption(context)
    return { tokens: context.consumeArgs(1)[0] ?? args[0], numArgs: 0 }
  })
  defineMacro('\\bbox', (context) => {
    skipOption(context)
    return { tokens: context.consumeArgs(1)[0], numArgs: 0 }
  })
  defineMacro('\\mmlToken', keeping(2, 1))
  defineMacro('\\unicode', (context) => {
    skipOption(context)
    const n = codePoint(source(context.consumeArgs(1)[0]))
    return n === null ? '' : `\\text{${String.fromCodePoint(n)}}`
  })
  // extpfeil's `\Newextarrow{\xfoo}{5,10}{0x21C0}`: `\xfoo[below]{above}` is KaTeX's own extensible
  // arrow of that character, for the rest of the document. A character KaTeX has no such arrow
  // for defines nothing, so a formula using `\xfoo` shows its source and is a warning.
  defineMacro('\\Newextarrow', (context) => {
    const [name, , char] = context.consumeArgs(3)
    const cs = source(name).trim()
    const n = codePoint(source(char))
    const arrow = n === null ? undefined : EXTENSIBLE_ARROWS.get(n)
    return arrow && arrow !== cs && /^\\[A-Za-z]+$/.test(cs) ? `\\gdef${cs}{${arrow}}` : ''
  })
  defineMacro('\\DeclareMathOperator', (context) => {
    const star = context.future().text === '*' ? (context.popToken(), '*') : ''
    const [name, body] = context.consumeArgs(2)
    return `\\gdef${source(name).trim()}{\\operatorname${star}{${source(body)}}}`
  })
  defineMacro('\\label', keeping(1, null))
  defineMacro('\\mbox', '\\text{#1}')
  // No small capitals in KaTeX's fonts: the letters as written.
  defineMacro('\\textsc', '\\text{#1}')
  defineMacro('\\sc', '')
  defineMacro('\\mathbfit', '\\boldsymbol{#1}')
  defineMacro('\\mspace', '\\mkern#1')
  defineMacro('\\hfill', '')
  defineMacro('\\Rule', (context) => {
    const [width, height] = context.consumeArgs(3)
    return `\\rule{${source(width)}}{${source(height)}}`
  })
  defineMacro('\\eqalign', '\\begin{aligned}#1\\end{aligned}')
  defineMacro('\\idotsint', '\\int\\!\\cdots\\!\\int')
  defineMacro('\\iiiint', '\\int\\!\\!\\!\\int\\!\\!\\!\\int\\!\\!\\!\\int')
  // MathJax's physics package (`load: ['[tex]/physics']`, physicists' sites and slides): its
  // commands of fixed form. Those with optional orders and delimiters (\dv, \qty) are left out.
  for (const [name, body] of PHYSICS) defineMacro(name, body)
}

const PHYSICS: Array<[string, string]> = [
  ['\\tr', '\\operatorname{tr}'],
  ['\\Tr', '\\operatorname{Tr}'],
  ['\\rank', '\\operatorname{rank}'],
  ['\\erf', '\\operatorname{erf}'],
  ['\\Res', '\\operatorname{Res}'],
  ['\\vb', '\\mathbf{#1}'],
  ['\\vectorbold', '\\mathbf{#1}'],
  ['\\vu', '\\hat{\\mathbf{#1}}'],
  ['\\vectorunit', '\\hat{\\mathbf{#1}}'],
  ['\\abs', '\\left\\lvert #1 \\right\\rvert'],
  ['\\norm', '\\left\\lVert #1 \\right\\rVert'],
  ['\\expval', '\\left\\langle #1 \\right\\rangle'],
  ['\\order', '\\mathcal{O}\\left( #1 \\right)'],
  ['\\comm', '\\left[ #1, #2 \\right]'],
  ['\\acomm', '\\left\\{ #1, #2 \\right\\}'],
  ['\\dd', '\\mathrm{d}'],
]

/** A character's number written as MathJax reads it: `x21C0`, `0x21C0` or `8640`; null for none. */
function codePoint(written: string): number | null {
  const code = written.trim()
  const hex = /^0?x([0-9a-f]{1,6})$/i.exec(code)
  const n = hex ? parseInt(hex[1], 16) : /^\d{1,7}$/.test(code) ? Number(code) : NaN
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? n : null
}

/** Characters KaTeX draws as an extensible arrow, to its command for it. */
const EXTENSIBLE_ARROWS = new Map<number, string>([
  [0x2190, '\\xleftarrow'],
  [0x27f5, '\\xleftarrow'],
  [0x2192, '\\xrightarrow'],
  [0x27f6, '\\xrightarrow'],
  [0x2194, '\\xleftrightarrow'],
  [0x27f7, '\\xleftrightarrow'],
  [0x21d0, '\\xLeftarrow'],
  [0x27f8, '\\xLeftarrow'],
  [0x21d2, '\\xRightarrow'],
  [0x27f9, '\\xRightarrow'],
  [0x21d4, '\\xLeftrightarrow'],
  [0x27fa, '\\xLeftrightarrow'],
  [0x21a6, '\\xmapsto'],
  [0x27fc, '\\xmapsto'],
  [0x21a9, '\\xhookleftarrow'],
  [0x21aa, '\\xhookrightarrow'],
  [0x219e, '\\xtwoheadleftarrow'],
  [0x21a0, '\\xtwoheadrightarrow'],
  [0x21bc, '\\xleftharpoonup'],
  [0x21bd, '\\xleftharpoondown'],
  [0x21c0, '\\xrightharpoonup'],
  [0x21c1, '\\xrightharpoondown'],
  [0x21cb, '\\xleftrightharpoons'],
  [0x21cc, '\\xrightleftharpoons'],
  [0x21c4, '\\xrightleftarrows'],
  [0x3d, '\\xlongequal'],
])

/** Commands whose arguments go with them when written as a bare sub- or superscript. */
const TWO_ARGUMENTS = new Set(['frac', 'dfrac', 'tfrac', 'binom', 'overset', 'underset', 'stackrel'])

/**
 * `tex` rewritten as MathJax reads it, for a second try when KaTeX refused it; the same string
 * when there is nothing to rewrite. Linear: single passes, brace groups bounded in length.
 */
export function mathjaxRewrite(tex: string): string {
  let out = xcolorMixes(bracedScripts(tex))
  // In text, `_`, `&` and `#` are characters to MathJax, commands to KaTeX.
  out = out.replace(
    /\\(text(?:bf|it|rm|sf|tt|normal)?|mbox|textsc)\s*\{([^{}]{0,500})\}/g,
    (_all, cmd: string, body: string) => `\\${cmd}{${body.replace(/(?<!\\)([_&#%])/g, '\\$1')}}`,
  )
  // Environments KaTeX lacks, as the nearest it has.
  out = out.replace(/\\(begin|end)\{(eqnarray|multline)\*?\}/g, (_all, verb: string, env: string) =>
    env === 'eqnarray' ? `\\${verb}{aligned}` : `\\${verb}{gathered}`,
  )
  // An array's column spacing (`{@{}c c@{}}`): KaTeX reads the columns, not the spacing.
  out = out.replace(
    /(\\begin\{array\}\{)([^{}]{0,200}(?:\{[^{}]{0,50}\}[^{}]{0,200}){0,20})\}/g,
    (all, open: string, spec: string) =>
      spec.includes('@') ? `${open}${spec.replace(/@\{[^{}]{0,50}\}/g, '')}}` : all,
  )
  return out
}

/** MathJax takes a command with its arguments as a script (`Q^\vec{\mu}`, `t_\max`); KaTeX wants braces. */
function bracedScripts(tex: string): string {
  const script = /([_^])\s*\\([A-Za-z]+)/g
  let out = ''
  let pos = 0
  for (let m = script.exec(tex); m !== null; m = script.exec(tex)) {
    const end = argumentsEnd(tex, m.index + m[0].length, TWO_ARGUMENTS.has(m[2]) ? 2 : 1)
    if (end === null) continue
    out += tex.slice(pos, m.index) + m[1] + '{' + tex.slice(m.index + 1, end).trimStart() + '}'
    pos = end
    script.lastIndex = end
  }
  return out + tex.slice(pos)
}

/** Where the `count` brace groups after `from` end (`from` when none follows), or null if unbalanced. */
function argumentsEnd(text: string, from: number, count: number): number | null {
  let p = from
  for (let k = 0; k < count; k++) {
    let q = p
    while (text[q] === ' ') q++
    if (text[q] !== '{') return p
    let depth = 0
    const limit = Math.min(text.length, q + 2000)
    let r = q
    for (; r < limit; r++) {
      const ch = text[r]
      if (ch === '\\') r++
      else if (ch === '{') depth++
      else if (ch === '}' && --depth === 0) break
    }
    if (r >= limit) return null
    p = r + 1
  }
  return p
}
