/**
 * The author's own TeX macros (`\newcommand{\xx}{\mathbf{x}}`, `\def\RR{\mathbb{R}}`,
 * `\DeclareMathOperator{\argmin}{arg\,min}`), expanded in a formula before it is read as text:
 * the page typesets formulas with them (KaTeX's `macros`), so an aid must read them the same way
 * or "argmin_(xx ∈ RR^d)" is what a reader gets.
 */
export type MacroTable = ReadonlyMap<string, { arity: number; body: string }>

const DEFINITION =
  /\\(?:re)?newcommand\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*(?:\[(\d)\])?\s*(?:\[[^\]]*\])?\s*\{|\\def\s*\\([A-Za-z]+)\s*((?:#\d)*)\s*\{|\\DeclareMathOperator(\*?)\s*\{\s*\\([A-Za-z]+)\s*\}\s*\{/g

/** Every definition in the given TeX (the essay's `macros`, and its formulas, which may define some too). */
export function macroTable(sources: readonly string[]): MacroTable {
  const table = new Map<string, { arity: number; body: string }>()
  for (const source of sources) {
    for (const m of source.matchAll(DEFINITION)) {
      const body = braced(source, m.index! + m[0].length - 1)
      if (body === null) continue
      if (m[1]) table.set(m[1], { arity: Number(m[2] ?? 0), body })
      else if (m[3]) table.set(m[3], { arity: (m[4] ?? '').length / 2, body })
      else if (m[6]) table.set(m[6], { arity: 0, body: `\\operatorname${m[5] ? '*' : ''}{${body}}` })
    }
  }
  return table
}

/** The group opening at `at` (a `{`), without its braces; null when it never closes. */
function braced(tex: string, at: number): string | null {
  let depth = 0
  for (let i = at; i < tex.length; i++) {
    if (tex[i] === '\\') i++
    else if (tex[i] === '{') depth++
    else if (tex[i] === '}' && --depth === 0) return tex.slice(at + 1, i)
  }
  return null
}

/** The argument at `at`: a braced group or one token; null when missing. */
function argument(tex: string, at: number): { text: string; end: number } | null {
  while (at < tex.length && /\s/.test(tex[at])) at++
  if (at >= tex.length) return null
  if (tex[at] === '{') {
    const inner = braced(tex, at)
    return inner === null ? null : { text: inner, end: at + inner.length + 2 }
  }
  const token = /^\\(?:[A-Za-z]+|.)|^./su.exec(tex.slice(at))![0]
  return { text: token, end: at + token.length }
}

/** Expansion rounds: a macro may use another; a self-referring one must not loop. */
const ROUNDS = 6

/** `tex` with its own definitions removed: they typeset nothing. */
function withoutDefinitions(tex: string): string {
  let out = ''
  let from = 0
  for (const m of tex.matchAll(DEFINITION)) {
    if (m.index! < from) continue
    const body = braced(tex, m.index! + m[0].length - 1)
    if (body === null) continue
    out += tex.slice(from, m.index)
    from = m.index! + m[0].length - 1 + body.length + 2
  }
  return out + tex.slice(from)
}

/** `tex` with the table's macros expanded (definitions themselves removed). */
export function expandMacros(tex: string, table: MacroTable): string {
  let out = withoutDefinitions(tex)
  if (table.size === 0) return out
  const names = [...table.keys()].sort((a, b) => b.length - a.length).join('|')
  const command = new RegExp(`\\\\(${names})(?![A-Za-z])`, 'g')
  for (let round = 0; round < ROUNDS && command.test(out); round++) {
    command.lastIndex = 0
    let next = ''
    let from = 0
    for (let m = command.exec(out); m; m = command.exec(out)) {
      const { arity, body } = table.get(m[1])!
      let at = m.index + m[0].length
      const args: string[] = []
      while (args.length < arity) {
        const a = argument(out, at)
        if (!a) break
        args.push(a.text)
        at = a.end
      }
      if (args.length < arity) continue
      next += `${out.slice(from, m.index)}{${body.replace(/#(\d)/g, (_, i: string) => args[Number(i) - 1] ?? '')}}`
      from = at
      command.lastIndex = at
    }
    out = next + out.slice(from)
    command.lastIndex = 0
  }
  return out
}
