import { describe, it, expect } from 'vitest'
import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { projectRoot } from '../../helpers/temp-dir.js'

const NODE = new Set(builtinModules)
/** Every import, export-from and dynamic import of a module (type-only ones are erased by the bundler). */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm

/** The modules `entry` loads, transitively, with the bare packages they name. */
function importGraph(entry: string): { modules: string[]; packages: Map<string, string> } {
  const seen = new Set<string>()
  const packages = new Map<string, string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
      else packages.set(spec, relative(projectRoot, file))
    }
  }
  visit(join(projectRoot, entry))
  return { modules: [...seen].map((f) => relative(projectRoot, f)), packages }
}

describe('text analysis runs in the browser too', () => {
  it('the static search (bundled by Vite) reaches the server’s tokenizer and index, and no Node module', () => {
    const { modules, packages } = importGraph('web/static/search.ts')
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/text/tokenize.ts',
        'src/text/stem.ts',
        'src/text/stop-words.ts',
        'src/search/search-index.ts',
        'src/search/lexical-index.ts',
      ]),
    )
    const node = [...packages].filter(([name]) => name.startsWith('node:') || NODE.has(name.split('/')[0]))
    expect(node).toEqual([])
    expect([...packages.keys()]).toEqual(['minisearch/SearchableMap'])
  })
})
