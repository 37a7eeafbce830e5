import { createHtmlId, normalizeLabel } from 'myst-common'
import type { MystNode } from './myst-node.js'

/**
 * `{glossary}` as Sphinx writes it too (Jupyter Book 1): each term on a line of its own, several
 * lines naming one entry, its definition indented under it. mystmd reads only its definition-list
 * form (`Term` then `: definition`), so a Sphinx glossary came out as run-on paragraphs and every
 * `{term}` pointed nowhere. A Sphinx-style body becomes the definition list it stands for, one
 * `dt` per term (a link term, `[MyST](url)`, keeps its link), each term and definition read by
 * the same parser; any other body stays mystmd's.
 */
export function expandSphinxGlossaries(node: MystNode, parse: (markdown: string) => MystNode): void {
  for (const child of node.children ?? []) {
    const entries =
      child.type === 'mystDirective' && child.name === 'glossary' && typeof child.value === 'string'
        ? sphinxEntries(child.value)
        : null
    if (!entries) {
      expandSphinxGlossaries(child, parse)
      continue
    }
    const list: MystNode[] = []
    for (const entry of entries) {
      for (const term of entry.terms) {
        const parsed = parse(term).children?.[0]
        list.push({ type: 'definitionTerm', children: parsed?.children ?? [{ type: 'text', value: term }] })
      }
      list.push({ type: 'definitionDescription', children: parse(entry.definition).children ?? [] })
    }
    child.children = [{ type: 'glossary', children: [{ type: 'definitionList', children: list }] }]
  }
}

interface Entry {
  terms: string[]
  definition: string
}

/** A Sphinx glossary's entries, or null when the body is not written that way. */
function sphinxEntries(body: string): Entry[] | null {
  const lines = body.split('\n')
  if (lines.some((l) => /^\s*:\s/.test(l))) return null
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length)
  if (indents.length === 0) return null
  const base = Math.min(...indents)
  const read: Array<{ terms: string[]; lines: string[] }> = []
  let current: { terms: string[]; lines: string[] } | null = null
  for (const line of lines) {
    if (line.trim() === '') {
      current?.lines.push('')
      continue
    }
    const indent = /^\s*/.exec(line)![0].length
    if (indent === base) {
      // A term after a definition starts the next entry; one right after a term names the same one.
      if (!current || current.lines.some((l) => l.trim() !== '')) {
        current = { terms: [], lines: [] }
        read.push(current)
      }
      current.terms.push(line.trim())
    } else if (current) current.lines.push(line)
    else return null
  }
  if (read.length === 0 || read.some((e) => e.lines.every((l) => l.trim() === ''))) return null
  return read.map((e) => ({ terms: e.terms, definition: dedent(e.lines) }))
}

function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length)
  const cut = Math.min(...indents)
  return lines
    .map((l) => l.slice(cut))
    .join('\n')
    .trim()
}

/** The target a glossary term is, as `{term}` names it: `term-` and its html id. */
export function termKey(text: string): string | undefined {
  const id = createHtmlId(normalizeLabel(text)?.identifier)
  return id ? `term-${id}` : undefined
}

/** A `{term}` reference's target key (its crossReference's `term-…` identifier), else undefined. */
export function termReferenceKey(identifier: unknown): string | undefined {
  if (typeof identifier !== 'string' || !identifier.startsWith('term-')) return undefined
  return termKey(identifier.slice(5))
}
