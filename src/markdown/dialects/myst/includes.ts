import { field, type MystNode } from './myst-node.js'

/** How deep included files may include others (a file including itself stops here). */
const MAX_DEPTH = 4

/**
 * MyST's `{include}` and `{literalinclude}`: the file's text, read through `read` (the importer
 * gives one that only reaches files inside the essay's site), parsed in place as MyST, or shown
 * as code when the include is literal. Done before numbering, so included equations and
 * figures count in order. Without a reader (a preview, an upload) or for a file that cannot be
 * read, the directive is dropped with a warning.
 */
export function expandIncludes(
  parent: MystNode,
  parse: (markdown: string) => MystNode,
  read: ((ref: string) => string | null) | undefined,
  warn: (rule: string, message: string) => void,
  depth = 0,
): void {
  const kids = parent.children
  if (!kids) return
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type !== 'include') {
      expandIncludes(node, parse, read, warn, depth)
      continue
    }
    const file = field(node, 'file') ?? ''
    const text = read && depth < MAX_DEPTH ? read(file) : null
    if (text === null) {
      warn('myst-include', `MyST {include} of "${file}": the file could not be read, so its content is not shown`)
      kids.splice(i, 1)
      i--
      continue
    }
    const replacement: MystNode[] =
      node.literal === true
        ? [{ type: 'code', lang: field(node, 'lang') ?? null, value: text.replace(/\n$/, '') }]
        : (parse(text).children ?? [])
    if (node.literal !== true) for (const child of replacement) expandIncludes(child, parse, read, warn, depth + 1)
    kids.splice(i, 1, ...replacement)
    i += replacement.length - 1
  }
}
