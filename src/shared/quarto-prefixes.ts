/** Quarto's cross-reference prefixes (docs/authoring/cross-references.qmd, "reserved prefixes"). */
export const QUARTO_PREFIXES: Readonly<Record<string, string>> = {
  fig: 'Figure',
  tbl: 'Table',
  lst: 'Listing',
  eq: 'Equation',
  sec: 'Section',
  thm: 'Theorem',
  lem: 'Lemma',
  cor: 'Corollary',
  prp: 'Proposition',
  cnj: 'Conjecture',
  def: 'Definition',
  exm: 'Example',
  exr: 'Exercise',
  sol: 'Solution',
  rem: 'Remark',
  alg: 'Algorithm',
  tip: 'Tip',
  nte: 'Note',
  wrn: 'Warning',
  imp: 'Important',
  cau: 'Caution',
}

/** The prefix of a Quarto label (`thm` of `thm-main`), lower-cased; null if it has none Quarto reserves. */
export function quartoPrefix(key: string): string | null {
  const dash = key.indexOf('-')
  if (dash < 2 || dash > 3) return null
  const prefix = key.slice(0, dash).toLowerCase()
  return prefix in QUARTO_PREFIXES ? prefix : null
}
