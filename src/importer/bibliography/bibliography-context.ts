import type { CslEntry } from '../../shared/schemas/index.js'
import type { EssayInput, ParsedEssay } from '../parse/index.js'

/** The entries an essay may cite, from its own `.bib` files; undefined when it has none. */
export function bibliographyFor(essay: EssayInput, parsed: ParsedEssay): ReadonlyMap<string, CslEntry> | undefined {
  // Filled in by the citations work: frontmatter `bibliography:`, a .bib beside the essay or at essay.root.
  void essay
  void parsed
  return undefined
}
