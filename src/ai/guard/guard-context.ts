import type { EssayInput } from '../provider.js'
import { macroTable, type MacroTable } from './tex-macros.js'
import type { TargetContext } from './target-check.js'

/** What the guard knows of an essay: its page text, the people it cites, its TeX macros. */
export interface GuardContext extends TargetContext {
  macros: MacroTable
  /** Lower-case link texts of the essay. */
  linkTexts: ReadonlySet<string>
}

const cache = new WeakMap<EssayInput, GuardContext>()

export function guardContext(input: EssayInput): GuardContext {
  let ctx = cache.get(input)
  if (ctx) return ctx
  const people = new Set<string>()
  for (const r of input.references ?? []) {
    const authors = (r as { author?: Array<{ family?: unknown; literal?: unknown }> }).author
    for (const a of Array.isArray(authors) ? authors : []) {
      const name = typeof a.family === 'string' ? a.family : typeof a.literal === 'string' ? a.literal : ''
      for (const w of name.toLowerCase().split(/\s+/)) if (w.length >= 3) people.add(w)
    }
  }
  for (const w of input.post.author.toLowerCase().split(/[\s,]+/)) if (w.length >= 3) people.add(w)
  const formulas: string[] = []
  const links = new Set<string>()
  for (const b of input.reading ?? []) {
    if (b.kind === 'display') formulas.push(b.tex)
    if (b.kind !== 'prose' && b.kind !== 'heading') continue
    for (const s of b.segments) {
      if (s.kind === 'math') formulas.push(s.tex)
      if (s.kind === 'link') links.add(s.text.replace(/\s+/g, ' ').trim().toLowerCase())
    }
  }
  ctx = {
    page: input.plainText.replace(/\s+/g, ' '),
    people,
    // The essay's own definitions, in its prose (`macros`) or inside a formula (KaTeX keeps both).
    macros: macroTable([
      ...(input.macros ?? []),
      ...formulas.filter((f) => /\\(?:re)?newcommand|\\def|\\DeclareMathOperator/.test(f)),
    ]),
    linkTexts: links,
  }
  cache.set(input, ctx)
  return ctx
}
