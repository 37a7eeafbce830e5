import { CITATION_PLACEHOLDER, decodeCitation, type Citation } from '../markdown/syntax/citations.js'

/** A `\citep{…}`/`\citet{…}` command as the export writes it (keys limited to what BibTeX keys hold). */
export const CITE_COMMAND = /^\\cite[pt]\{[A-Za-z0-9_.:/+-]+(?:,[A-Za-z0-9_.:/+-]+)*\}$/

/**
 * How one citation is written in place of the preprocessor's placeholder. `protect` sets a
 * LaTeX command aside the way the export protects `\label` and `\eqref` (the writer puts it back).
 */
export type CitationWriter = (citation: Citation, protect: (command: string) => string) => string

/** A key as `\cite` and `\bibitem` both write it: the characters BibTeX keys hold, nothing TeX reads as syntax. */
export function latexCiteKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_.:/+-]/g, '')
}

/**
 * natbib's `\citep{a,b}` (parenthetical) or `\citet{a}` (narrative). When the post's entries
 * are known (`known`), a key without one is written as the site shows it, `[?key]`, rather
 * than as a `\cite` LaTeX could only print as "?"; without them every key is cited.
 */
export function latexCitations(known?: ReadonlySet<string>): CitationWriter {
  return (citation, protect) => {
    const keys = citation.items.map((i) => latexCiteKey(i.key)).filter(Boolean)
    const cited = known ? keys.filter((k) => known.has(k)) : keys
    const missing = keys.filter((k) => !cited.includes(k))
    const parts: string[] = []
    if (cited.length > 0) parts.push(protect(`\\cite${citation.mode === 'narrative' ? 't' : 'p'}{${cited.join(',')}}`))
    // Not a command: the writer prints it as text.
    if (missing.length > 0) parts.push(protect(missing.map((k) => `[?${k}]`).join(' ')))
    return parts.join(' ')
  }
}

/**
 * The preprocessor leaves each citation as a placeholder (markdown/syntax/citations.ts); each is
 * written by `writer` (a damaged placeholder and the references list's place leave nothing).
 */
export function writeCitations(markdown: string, writer: CitationWriter, protect: (command: string) => string): string {
  if (!markdown.includes('\uE000')) return markdown
  return markdown.replace(CITATION_PLACEHOLDER, (_all, kind: string, payload: string) => {
    const citation = decodeCitation(kind, payload)
    return citation ? writer(citation, protect) : ''
  })
}
