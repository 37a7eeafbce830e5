import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'
import { renderCached } from '../../../src/markdown/index.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()

/** The local model panel of a small essay, as the site reads it: its rendered reading and its own macros, like the enhance service. */
export const modelOf = async (markdown: string): Promise<MathematicalModel> => {
  const input = inputFor({ id: 9, title: 'Notation', markdown })
  const rendered = renderCached(splitFrontmatter(markdown).body)
  return provider.mathematicalModel({ ...input, reading: rendered.reading, macros: rendered.macros })
}

/** Each listed symbol's name as the panel shows it ('' when unnamed). */
export const namesOf = (m: MathematicalModel) => new Map(m.variables.map((v) => [v.symbol, v.name]))
