import type { Link, Nodes, PhrasingContent, Root, Text } from 'mdast'
import type { VFile } from 'vfile'
import { warn } from '../../essay-file-data.js'
import { equationAnchorId } from '../../syntax/labels.js'
import { QUARTO_PREFIXES, quartoPrefix, type QuartoLabels } from './labels.js'

/**
 * Quarto references the preprocessor left as text (cross-reference-syntax.ts) — `@thm-x`,
 * `@Lem-x`, `-@fig-x`, `Fig -@fig-x` — become links to what they name, "Theorem 2" or just
 * "2" after `-`. A label the page does not define may be another chapter's (Quarto books refer
 * across chapters): a link marked for src/xref, reading as the kind and the label, and a warning.
 */
export function resolveReferences(
  tree: Root,
  labels: QuartoLabels,
  sections: ReadonlyMap<string, string>,
  file: VFile,
): void {
  const equations = new Map<string, string>()
  for (const [number, key] of file.data.equationLabels ?? []) if (!equations.has(key)) equations.set(key, number)
  const walk = (node: Nodes): void => {
    if (!('children' in node)) return
    const kids = node.children as PhrasingContent[]
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]
      if (kid.type === 'text' && kid.value.includes('@')) {
        const parts = split(kid, (key, dash) => link(key, dash, labels, equations, sections, file))
        if (parts) {
          kids.splice(i, 1, ...parts)
          i += parts.length - 1
        }
      } else if (kid.type !== 'link' && kid.type !== 'linkReference') walk(kid)
    }
  }
  walk(tree)
}

const REFERENCE = /(?<![\w.@-])(-?)@([A-Za-z]{2,3}-[\w-]*\w)/g

function split(text: Text, resolve: (key: string, dash: boolean) => PhrasingContent | null): PhrasingContent[] | null {
  const out: PhrasingContent[] = []
  let last = 0
  for (const m of text.value.matchAll(REFERENCE)) {
    const key = m[2].charAt(0).toLowerCase() + m[2].slice(1)
    if (quartoPrefix(key) === null) continue
    const node = resolve(key, m[1] === '-')
    if (!node) continue
    if (m.index > last) out.push({ type: 'text', value: text.value.slice(last, m.index) })
    out.push(node)
    last = m.index + m[0].length
  }
  if (out.length === 0) return null
  if (last < text.value.length) out.push({ type: 'text', value: text.value.slice(last) })
  return out
}

function link(
  key: string,
  dash: boolean,
  labels: QuartoLabels,
  equations: ReadonlyMap<string, string>,
  sections: ReadonlyMap<string, string>,
  file: VFile,
): Link {
  const prefix = quartoPrefix(key) ?? ''
  const target = labels.targets.get(key)
  if (target) return anchorLink(`#${key}`, dash ? target.number : `${target.word} ${target.number}`)
  const equation = equations.get(key)
  if (equation) return anchorLink(`#${equationAnchorId(key)}`, dash ? equation : `(${equation})`)
  const section = sections.get(key)
  if (section) return anchorLink(`#${key}`, section)
  warn(file, 'unresolved-reference', `Quarto cross-reference "@${key}": no ${prefix} block on this page has that label`)
  const word = QUARTO_PREFIXES[prefix] ?? 'Item'
  const words = key.slice(prefix.length + 1).replace(/[-_]+/g, ' ')
  return {
    type: 'link',
    url: `#${key}`,
    // `-@sec-x` says the number alone ("Chapter -@sec-x" reads "Chapter 8.2"), as `number:` resolves.
    data: { hProperties: { dataXref: `${dash ? 'number' : 'label'}:${key}` } },
    children: [{ type: 'text', value: dash ? `“${words}”` : `${word} “${words}”` }],
  }
}

function anchorLink(url: string, text: string): Link {
  return { type: 'link', url, children: [{ type: 'text', value: text }] }
}
