import type { Sentence } from '../../../text/essay-doc.js'
import { readableTex } from '../../../text/readable.js'
import { normalTex } from './tex-symbols.js'

interface Named {
  key: string
  name: string
  tier: number
  sentence: Sentence
}

/** Running indices and where they run: "the hidden state at time t", "at step k", "in layer l". */
const RUNS = String.raw`(?:time(?:\s+step)?|timestep|step|iteration|layer|position|round|epoch|stage)`
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The forms an essay writes a named symbol in, qualified: `h_t` where the text speaks of "the
 * hidden state at time t" (h being the hidden state), `x_i` of "the i-th sample", `\theta_0` of
 * "the initial parameters", `\pi^*` of "the optimal policy", `\mathbf{x}^+` and `\mathbf{x}^-` of
 * "a positive sample" and "a negative sample". The qualified name must be written in the essay as
 * such: the base's name alone never names its indexed forms (an `h_t` may be anything).
 */
export function qualifiedNames<C extends Named>(
  names: Map<string, C>,
  used: readonly string[],
  formulas: readonly string[],
  sentences: readonly Sentence[],
): void {
  const texts = sentences.map((s) => s.text)
  const flat = formulas.map(normalTex)
  const said = (pattern: RegExp): { phrase: string; sentence: Sentence } | null => {
    for (let i = 0; i < texts.length; i++) {
      const m = pattern.exec(texts[i])
      if (m) return { phrase: m[0].replace(/^the\s+/i, '').replace(/\s+/g, ' '), sentence: sentences[i] }
    }
    return null
  }
  const forms: Array<{ key: string; base: string; kind: 'index' | 'star' | 'plus' | 'minus'; index: string }> = []
  for (const key of used) {
    const m = /^(.+)_(?:\{([A-Za-z0-9])\}|([A-Za-z0-9]))$/.exec(key)
    if (m) forms.push({ key, base: m[1], kind: 'index', index: m[2] ?? m[3] })
  }
  for (const base of names.keys()) {
    if (/[_^(]/.test(base)) continue
    const b = normalTex(base)
    for (const f of flat) {
      for (const m of f.matchAll(
        new RegExp(`(?<![A-Za-z\\\\])${escape(b)}\\^(\\*|\\\\star(?![A-Za-z])|\\+|-(?![0-9A-Za-z\\\\]))`, 'g'),
      )) {
        const kind = m[1] === '+' ? 'plus' : m[1] === '-' ? 'minus' : 'star'
        const key = `${base}^${m[1] === '\\star' ? '\\star' : m[1]}`
        if (!forms.some((x) => x.key === key)) forms.push({ key, base, kind, index: '' })
      }
    }
  }
  for (const { key, base, kind, index } of forms) {
    const named = names.get(base)
    if (names.has(key) || !named || named.tier > 1) continue
    const n = escape(named.name).replace(/\\?\s+/g, '\\s+')
    const found =
      kind === 'star'
        ? said(new RegExp(String.raw`\boptimal\s+${n}\b`, 'i'))
        : kind === 'plus'
          ? said(new RegExp(String.raw`\bpositive\s+${n}\b`, 'i'))
          : kind === 'minus'
            ? said(new RegExp(String.raw`\bnegative\s+${n}\b`, 'i'))
            : index === '0'
              ? said(new RegExp(String.raw`\b(?:initial|starting)\s+${n}\b`, 'i'))
              : /^[a-z]$/.test(index)
                ? said(
                    new RegExp(
                      String.raw`\b${index}(?:-th|th|’th|'th)\s+${n}\b|\b${n}\s+(?:at|in|of)\s+(?:the\s+)?${RUNS}\s+${index}(?![\p{L}\p{N}])`,
                      'iu',
                    ),
                  )
                : null
    if (!found) continue
    names.set(key, {
      ...named,
      key,
      name: found.phrase,
      sentence: found.sentence,
      tier: 2,
      note: `Read as the ${named.name} ${readableTex(base)} qualified as the essay writes it: “${found.phrase}”.`,
    })
  }
}

/** Nouns that name a function, a map or a measure of one. */
const FUNCTION_NOUN =
  /^(?:functions?|networks?|loss|losses|errors?|risks?|divergences?|distributions?|densit(?:y|ies)|policy|policies|encoder|decoder|operators?|estimators?|objectives?|kernels?|maps?|mappings?|transforms?|likelihoods?|entropy|constraints?|matrix|critic|discriminator|generator|predictor|classifier|regressor|embedding|potential|energy)$/i

/**
 * "the score network s_θ(xₜ, t)", "the mixing network g_φ(·)": an indexed function the essay names only
 * where it writes it applied is, bare, the same function (`s_\theta`, `g_\phi`), and is listed so too.
 * Only an indexed one: a plain `p(x)` and `p(y)` are two distributions, `p_\theta` is one model;
 * and only when every applied form of it that the essay names has one name.
 */
export function bareNames<C extends Named>(names: Map<string, C>, symbolsOf: (tex: string) => string[]): void {
  const byBase = new Map<string, C[]>()
  for (const [key, c] of names) {
    const at = key.search(/\s*(?:\\left\s*)?\(/)
    if (at <= 0) continue
    const base = key.slice(0, at).trim()
    const atoms = symbolsOf(base)
    if (atoms.length !== 1 || normalTex(atoms[0]) !== normalTex(base) || !base.includes('_')) continue
    byBase.set(atoms[0], [...(byBase.get(atoms[0]) ?? []), c])
  }
  for (const [base, all] of byBase) {
    if (names.has(base)) continue
    const name = all.map((c) => c.name).sort((a, b) => a.length - b.length)[0]
    if (!all.every((c) => ` ${c.name.toLowerCase()} `.includes(` ${name.toLowerCase()} `))) continue
    // ("the model …", "a data point": a name read loosely off an applied form is not copied.)
    const head = name.split(/\s+(?:of|for|with|in|on|over|from|to|between)\s/i)[0].split(' ')
    if (head.length < 2 || !FUNCTION_NOUN.test(head[head.length - 1])) continue
    const c = all.find((x) => x.name === name)!
    names.set(base, {
      ...c,
      key: base,
      tier: 2,
      note: `Written in the essay only applied, as ${readableTex(c.key)}.`,
    })
  }
}
