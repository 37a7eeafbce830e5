import type { Annotation, CslEntry, MathematicalModel, ReadingBlock } from '../src/shared/schemas/index.js'
import { readableTex } from '../src/text/readable.js'
import { normText } from './measures.js'

/**
 * Gold-free checks of one essay's reading aids (issue 39): what a careful editor would delete,
 * found without a hand reading, so they run on every essay of the corpus. They are written
 * apart from the providers' guard (src/ai/guard) on purpose: a measure that shared the guard's
 * code would only ever agree with it.
 */
export type JunkKind =
  | 'name'
  | 'citation'
  | 'link-alone'
  | 'stop-phrase'
  | 'fragment'
  | 'connection-without-why'
  | 'self-named-symbol'
  | 'tex-in-text'

export interface Junk {
  kind: JunkKind
  /** What was found, for the report. */
  what: string
}

export interface AidsOfEssay {
  annotations: Annotation[]
  model: MathematicalModel
  summary: string
  reading: readonly ReadingBlock[]
  references: readonly CslEntry[]
  plainText: string
}

const FUNCTION_WORDS = new Set(
  'a an the of to in on for and or but with by as at from that this these those it its is are was were be been can will has have had do does did which who whose when where while if than then so not no our we you they their his her'.split(
    ' ',
  ),
)
const FINITE_VERBS = new Set(
  'is are was were be been can will has have had do does did should would could may might must'.split(' '),
)
/** Phrases that name a place in the text or the text itself, never a term a reader needs explained. */
const STOP_PHRASES =
  /^(?:this|that|the|our|my)?\s*(?:post|paper|papers|article|blog|essay|chapter|section|figure|table|example|following|above|below|here|there|authors?|reader|code|notebook|link|page|tutorial|docs?|documentation)s?$/i

/** Every junk finding of one essay's aids. */
export function junkOf(aids: AidsOfEssay): Junk[] {
  const out: Junk[] = []
  const surnames = new Set(
    aids.references.flatMap((r) => {
      const authors = (r as { author?: Array<{ family?: string; literal?: string }> }).author ?? []
      return authors.map((a) => normText(a.family ?? a.literal ?? '')).filter((n) => n.length >= 3)
    }),
  )
  const linkTexts = new Set(
    aids.reading.flatMap((b) =>
      b.kind === 'prose' || b.kind === 'heading'
        ? b.segments.flatMap((s) => (s.kind === 'link' ? [normText(s.text)] : []))
        : [],
    ),
  )
  const page = ` ${aids.plainText.replace(/\s+/g, ' ')} `
  for (const a of aids.annotations) {
    const t = a.targetText.trim()
    const words = normText(t).split(' ').filter(Boolean)
    const found = (kind: JunkKind) => out.push({ kind, what: t })
    if (/\bet\s+al\b|\b(?:1[89]|20)\d\d[a-z]?\b|\[\d+\]/i.test(t)) found('citation')
    else if (namesOnly(t, surnames) || citedAsName(t, page)) found('name')
    else if (words.length === 0 || words.every((w) => FUNCTION_WORDS.has(w)) || STOP_PHRASES.test(normText(t)))
      found('stop-phrase')
    else if (
      // Edges as written: "in-context learning" opens with a word, not with "in".
      FUNCTION_WORDS.has(t.split(/\s+/)[0].toLowerCase()) ||
      FUNCTION_WORDS.has(t.split(/\s+/).pop()!.toLowerCase()) ||
      words.some((w) => FINITE_VERBS.has(w)) ||
      // words as written: a hyphenated compound ("leave-P-out") is one
      t.split(/\s+/).length > 6
    )
      found('fragment')
    else if (linkTexts.has(normText(t)) && /https?:\/\/|\blinks? it\b/i.test(a.annotation)) found('link-alone')
    else if (/https?:\/\//.test(a.annotation) && contentWordsBesideUrl(a.annotation) < 6) found('link-alone')
    if (a.type === 'connection' && !` ${normText(a.annotation)} `.includes(` ${normText(t)} `))
      found('connection-without-why')
    texIn(a.annotation, out)
  }
  for (const v of aids.model.variables) {
    if (selfNamed(v.symbol, v.name)) out.push({ kind: 'self-named-symbol', what: `${v.symbol} → ${v.name}` })
    texIn(v.name, out)
    texIn(v.description, out)
  }
  for (const e of aids.model.equations) {
    texIn(e.name, out)
    texIn(e.description, out)
  }
  texIn(aids.model.abstract, out)
  for (const p of aids.model.practicalApplications) texIn(p, out)
  texIn(aids.summary, out)
  return out
}

/** Every capitalised word a cited author's surname ("Nadaraya", "Kingma and Ba"); "Shannon entropy" names a concept. */
function namesOnly(target: string, surnames: ReadonlySet<string>): boolean {
  const words = target.split(/\s+/).filter((w) => !/^(?:and|&)$/i.test(w))
  return words.length > 0 && words.every((w) => /^\p{Lu}/u.test(w) && surnames.has(normText(w)))
}

/** "Smith et al.", "Smith (2019)", "Smith [3]": the target is how the essay cites a person. */
function citedAsName(target: string, page: string): boolean {
  if (!/^\p{Lu}/u.test(target)) return false
  const e = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `[^\\p{L}]${e}(?:\\s+and\\s+\\p{Lu}\\p{L}+)?\\s*(?:et\\s+al|\\(\\s*(?:1[89]|20)\\d\\d|\\[\\d)`,
    'u',
  ).test(page)
}

function contentWordsBesideUrl(text: string): number {
  return normText(text.replace(/https?:\/\/\S+/g, ' '))
    .split(' ')
    .filter((w) => w.length > 2 && !FUNCTION_WORDS.has(w) && !/^(?:essay|links?|definition|its|for)$/.test(w)).length
}

/**
 * A symbol "named" by its own glyph (`\sigma` → "σ", `r_t` → "rₜ"): once the symbol's own
 * letters are set aside, the name has no word of three letters or more.
 */
export function selfNamed(symbol: string, name: string): boolean {
  const glyph = normText(readableTex(symbol))
  const n = normText(name)
  // Left unnamed is what the issue asks for when the essay names nothing; it is no junk.
  if (n === '') return false
  if (n === glyph || n.replace(/\s/g, '') === glyph.replace(/\s/g, '')) return true
  return !n.split(' ').some((w) => /^\p{L}{3,}$/u.test(w) && !glyph.split(' ').includes(w))
}

/**
 * TeX or ASCII-math a reader would see as such: a command (`\frac`), a command name read as a
 * word (`displaystyle`, `mathbf`), a macro left unexpanded (`RR^d`, `xx`, `defas`), a sub- or
 * superscript spelled with a bracket (`argmin_(`, `e^(`) or with no Unicode form (`min_D`), or
 * `$…$` left in.
 */
export function texIn(text: string, out: Junk[]): void {
  const patterns: RegExp[] = [
    /\\[A-Za-z]+/,
    /\b(?:displaystyle|textstyle|scriptstyle|mathbf|mathrm|mathbb|mathcal|mathit|boldsymbol|operatorname|dfrac|tfrac|frac|defas|coloneqq|mathsf|textbf|emph)\b/,
    // a command's name no English word shares ("σ odot ε", "x cdot y")
    /\b(?:odot|oplus|otimes|cdot|cdots|ldots|vdots|ddots|infty|varepsilon|varphi|vartheta|varrho|leq|geq|neq|approx|propto|nabla|xrightarrow|rightarrow|leftarrow|subseteq|supseteq|setminus|emptyset|varnothing|forall|sqrt|lfloor|rfloor|lceil|rceil|langle|rangle|widehat|widetilde|overline|underbrace|overbrace|mathfrak|mathscr|textrm|texttt|bigcup|bigcap|iint|hbar)\b/,
    /[\p{L}\p{N})\]]_[({]|[\p{L}\p{N})\]]\^[({]/u,
    // a one-character script with no Unicode form on a short symbol (`min_D`, `x_T`, `e^N`), not a snake_case name
    /(?<![\p{L}\p{N}_])\p{L}{1,3}[_^][\p{L}\p{N}](?![\p{L}\p{N}_])/u,
    /\b(?:RR|NN|ZZ|QQ|CC|EE|PP)(?:\^|\b)/,
    /(?<![\p{L}\p{N}])([a-z])\1(?![\p{L}\p{N}])/u,
    /\$[^$\s][^$]*\$/,
    // what TeX set as HTML or with a colour leaves when read as text: "amp;=", "\\ α", "colorcolorstepsizeh"
    /(?<![\p{L}])(?:amp|lt|gt|nbsp);|\\(?=\s|[^\p{ASCII}])|\b(?:colorcolor|textcolor|colorbox|pmb)\w/u,
  ]
  for (const p of patterns) {
    const m = p.exec(text)
    if (m) {
      out.push({ kind: 'tex-in-text', what: text.slice(Math.max(0, m.index - 20), m.index + 30) })
      return
    }
  }
}
