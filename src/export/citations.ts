import { CITATION_PLACEHOLDER, decodeCitation } from '../markdown/syntax/citations.js'

/** A `\citep{…}`/`\citet{…}` command as the export writes it (keys limited to what BibTeX keys hold). */
export const CITE_COMMAND = /^\\cite[pt]\{[A-Za-z0-9_.:/+-]+(?:,[A-Za-z0-9_.:/+-]+)*\}$/

/**
 * The preprocessor leaves each citation as a placeholder (markdown/syntax/citations.ts); the
 * export writes it as natbib's `\citep{a,b}` (parenthetical) or `\citet{a}` (narrative).
 * `protect` sets the command aside the way the export protects `\label` and `\eqref`.
 */
export function citationsToLatex(markdown: string, protect: (command: string) => string): string {
  if (!markdown.includes('\uE000')) return markdown
  return markdown.replace(CITATION_PLACEHOLDER, (_all, kind: string, payload: string) => {
    const citation = decodeCitation(kind, payload)
    if (!citation) return ''
    const keys = citation.items.map((i) => i.key.replace(/[^A-Za-z0-9_.:/+-]/g, '')).filter(Boolean)
    if (keys.length === 0) return ''
    return protect(`\\cite${citation.mode === 'narrative' ? 't' : 'p'}{${keys.join(',')}}`)
  })
}
