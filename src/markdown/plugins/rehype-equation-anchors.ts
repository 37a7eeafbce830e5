import type { Element, ElementContent, Root } from 'hast'
import type { VFile } from 'vfile'
import { isMathCode, textOf } from './hast-math.js'

declare module 'vfile' {
  interface DataMap {
    /** Equation number → the label it was given first (from the preprocessor's labels). */
    equationLabels: ReadonlyMap<string, string>
  }
}

const TAG = /\\tag\*?\s*\{([^{}]*)\}/g
const CLOBBER_PREFIX = 'user-content-'

/**
 * Puts an empty anchor before each labelled display formula (`<span id="user-content-eq-KEY">`),
 * so that "(3)" in the prose, and a link from another post, lands on the equation (issue 20:
 * equations numbered and linked). Generated after the sanitizer, so it writes the prefix the
 * sanitizer gives every author-chosen id; rehype-fix-attributes then points `#eq-KEY` links at it.
 */
export default function rehypeEquationAnchors() {
  return (tree: Root, file: VFile): undefined => {
    const labels = file.data.equationLabels
    if (!labels || labels.size === 0) return
    const placed = new Set<string>()
    walk(tree, (pre) => {
      const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
      if (!code || !isMathCode(code)) return []
      // An aligned display numbers several lines: each label gets its anchor.
      const anchors: Element[] = []
      for (const m of textOf(code).matchAll(TAG)) {
        const key = labels.get(m[1].trim())
        if (key === undefined || placed.has(key)) continue
        placed.add(key)
        anchors.push({
          type: 'element',
          tagName: 'span',
          properties: { id: `${CLOBBER_PREFIX}eq-${key}`, className: ['equation-anchor'] },
          children: [],
        })
      }
      return anchors
    })
  }
}

/** Calls `before` on every `pre` and inserts what it returns in front of it. */
function walk(parent: Root | Element, before: (pre: Element) => Element[]): void {
  const out: (Root['children'][number] | ElementContent)[] = []
  let changed = false
  for (const child of parent.children) {
    if (child.type === 'element') {
      if (child.tagName === 'pre') {
        const anchors = before(child)
        if (anchors.length) {
          out.push(...anchors)
          changed = true
        }
      } else walk(child, before)
    }
    out.push(child)
  }
  if (changed) parent.children = out as typeof parent.children
}
