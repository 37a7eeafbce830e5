import type { PhrasingContent } from 'mdast'
import { callout } from '../blocks.js'
import type { PandocDiv } from './mdast-fenced-div.js'
import { takeTitle, type Flow } from './div-content.js'

/** Quarto's callout kinds (docs/authoring/callouts.qmd): `::: {.callout-tip}`. */
const CALLOUT_CLASS = /^callout-(note|tip|warning|caution|important)$/

/** The callout kind a div asks for, or null. */
export function calloutKindOf(div: PandocDiv): string | null {
  for (const c of div.attributes.classes) {
    const m = CALLOUT_CLASS.exec(c)
    if (m) return m[1]
  }
  return null
}

/**
 * A callout: its title from `title="…"`, else from a first heading inside (which Quarto
 * shows as the title, not as a section); `collapse`, `appearance` and `icon` do not apply to
 * a page without scripts and are ignored.
 */
export function calloutFromDiv(div: PandocDiv, kind: string, children: Flow) {
  const written = div.attributes.values.get('title')
  let title: PhrasingContent[] | null = written ? [{ type: 'text', value: written }] : null
  let body = children
  if (!title) {
    const taken = takeTitle(children)
    title = taken.title
    body = taken.rest
  }
  const node = callout(kind, title, body)
  if (div.attributes.id) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: div.attributes.id } }
  return node
}
