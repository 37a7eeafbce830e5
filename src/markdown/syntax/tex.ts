import type { LabelRegistry } from './labels.js'
import { placeholder } from './placeholders.js'

const LABEL = /\\label\s*\{([^{}]*)\}/g
const BOOKDOWN_LABEL = /\(\\#(eq:[\w:.-]+)\)/g
const REF = /\\(eqref|ref)\s*\{([^{}]*)\}/g
const TAG = /\\tag\*?\s*\{([^{}]*)\}/
// KaTeX numbers these itself, restarting at (1) in every formula; numbering comes from labels.
const AUTO_NUMBERED = /\\(begin|end)\{(equation|align|gather|alignat)\}/g
const ROW_TAGS_ALLOWED = /\\begin\{(?:align|gather|alignat|eqnarray)\*?\}/
// KaTeX has no eqnarray; align* shows the same rows, if with wider spacing around `&=&`.
const EQNARRAY = /\\(begin|end)\{eqnarray\*?\}/g

/**
 * Makes TeX from the essay digestible by KaTeX: `\label` (unsupported by KaTeX) becomes an
 * equation number shown with `\tag{n}` on display equations; `\eqref`/`\ref` become placeholders
 * resolved to `\text{(n)}` once all labels are known.
 */
export function rewriteTex(tex: string, display: boolean, labels: LabelRegistry): string {
  let out = tex
  // bookdown labels an equation with `(\#eq:name)` where LaTeX writes `\label{eq:name}`.
  if (out.includes('(\\#')) out = out.replace(BOOKDOWN_LABEL, '\\label{$1}')
  if (out.includes('\\label')) out = display ? numberDisplay(out, labels) : out.replace(LABEL, '')
  if (display && out.includes('\\begin{')) {
    out = out
      .replace(AUTO_NUMBERED, (_all, verb: string, env: string) => `\\${verb}{${env}*}`)
      .replace(EQNARRAY, (_all, verb: string) => `\\${verb}{align*}`)
  }
  if (out.includes('ref')) {
    out = out.replace(REF, (_all, cmd: string, key: string) =>
      placeholder(cmd === 'eqref' ? 'tex-eqref' : 'tex-ref', key.trim()),
    )
  }
  return out
}

function numberDisplay(tex: string, labels: LabelRegistry): string {
  const keys = [...tex.matchAll(LABEL)].map((m) => m[1].trim())
  if (keys.length === 0) return tex
  const ownTag = TAG.exec(tex)
  if (ownTag) {
    for (const key of keys) labels.tagEquation(key, ownTag[1])
    return tex.replace(LABEL, '')
  }
  if (keys.length > 1 && ROW_TAGS_ALLOWED.test(tex)) {
    // One label per row of an align-like environment: each row gets its own number.
    return tex.replace(LABEL, (_all, key: string) => `\\tag{${labels.numberEquation(key.trim())}}`)
  }
  // KaTeX allows one \tag per formula: every label of it names the same number.
  const n = labels.numberEquation(keys[0])
  for (const key of keys.slice(1)) labels.tagEquation(key, n)
  return `${tex.replace(LABEL, '').trimEnd()} \\tag{${n}}`
}

/** Adds an equation number for a label written after the formula (d2l `:eqlabel:`). */
export function tagDisplay(tex: string, key: string, labels: LabelRegistry): string {
  const ownTag = TAG.exec(tex)
  if (ownTag) {
    labels.tagEquation(key, ownTag[1])
    return tex
  }
  return `${tex.trimEnd()} \\tag{${labels.numberEquation(key)}}`
}

const DEFINITION_LINE =
  /^\\(?:(?:re)?newcommand\*?\s*\{?\\[A-Za-z@]+\}?\s*(?:\[\d\])?\s*(?:\[[^\]]*\])?\s*\{.*\}|(?:g|e|x)?def\s*\\[A-Za-z@]+[^{]*\{.*\}|DeclareMathOperator\*?\s*\{\\[A-Za-z]+\}\s*\{.*\})\s*$/

/** A whole prose line that only defines a TeX macro (as MathJax and Franklin allow). */
export function isTexDefinitionLine(line: string): boolean {
  const trimmed = line.trim()
  return trimmed.startsWith('\\') && DEFINITION_LINE.test(trimmed)
}

/** KaTeX has no `\DeclareMathOperator`; the same operator is a `\newcommand` away. */
export function toKatexDefinition(line: string): string {
  const trimmed = line.trim()
  const op = /^\\DeclareMathOperator(\*?)\s*\{(\\[A-Za-z]+)\}\s*\{(.*)\}$/.exec(trimmed)
  if (!op) return trimmed
  return `\\newcommand{${op[2]}}{\\operatorname${op[1]}{${op[3]}}}`
}
