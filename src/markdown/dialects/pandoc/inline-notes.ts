import type { FootnoteDefinition, FootnoteReference, Nodes, PhrasingContent, Root, Text } from 'mdast'

/**
 * Pandoc's inline notes, `text^[the note, with *markup* and [links](u)]` (R Markdown, bookdown and
 * Quarto write them often): the note is the text up to the matching `]`, across the nodes the
 * parser made of its markup. Each becomes a footnote like `[^n]`'s, numbered where it stands.
 * Code and math are their own nodes, so a `^[` in them is never read. Linear: each text node is
 * read once, and an unclosed `^[` stays text.
 */
export function readInlineNotes(tree: Root): void {
  const notes: FootnoteDefinition[] = []
  const walk = (node: Nodes): void => {
    if (!('children' in node)) return
    if (node.type === 'footnoteDefinition' && node.identifier.startsWith(PREFIX)) return
    if (isPhrasingParent(node)) rewrite(node.children as PhrasingContent[], notes)
    for (const child of node.children as Nodes[]) walk(child)
  }
  walk(tree)
  tree.children.push(...notes)
}

const PREFIX = 'pandoc-inline-note-'

function isPhrasingParent(node: Nodes): boolean {
  return (
    node.type === 'paragraph' ||
    node.type === 'heading' ||
    node.type === 'tableCell' ||
    node.type === 'emphasis' ||
    node.type === 'strong' ||
    node.type === 'delete'
  )
}

function rewrite(kids: PhrasingContent[], notes: FootnoteDefinition[]): void {
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i]
    if (kid.type !== 'text') continue
    const open = kid.value.indexOf('^[')
    if (open < 0) continue
    const close = findClose(kids, i, open + 2)
    // Unclosed: it stays text, and so does the rest of the paragraph (no second scan of it).
    if (!close) return
    const [j, at] = close
    const inner: PhrasingContent[] = []
    const head = j === i ? kid.value.slice(open + 2, at) : kid.value.slice(open + 2)
    if (head) inner.push({ type: 'text', value: head })
    if (j > i) {
      inner.push(...kids.slice(i + 1, j))
      const tail = (kids[j] as Text).value.slice(0, at)
      if (tail) inner.push({ type: 'text', value: tail })
    }
    const identifier = `${PREFIX}${notes.length + 1}`
    notes.push({
      type: 'footnoteDefinition',
      identifier,
      label: identifier,
      children: [{ type: 'paragraph', children: inner }],
    })
    const reference: FootnoteReference = { type: 'footnoteReference', identifier, label: identifier }
    const after = (kids[j] as Text).value.slice(at + 1)
    const before = kid.value.slice(0, open)
    const replaced: PhrasingContent[] = []
    if (before) replaced.push({ type: 'text', value: before })
    replaced.push(reference)
    if (after) replaced.push({ type: 'text', value: after })
    kids.splice(i, j - i + 1, ...replaced)
    // Go on from the text after the note, which may hold another.
    i += replaced.length - (after ? 2 : 1)
  }
}

/** Where the `]` matching a `^[` is: the index of its text node among `kids` and its offset there. */
function findClose(kids: readonly PhrasingContent[], from: number, offset: number): [number, number] | null {
  let depth = 0
  for (let j = from; j < kids.length; j++) {
    const node = kids[j]
    if (node.type !== 'text') continue
    const value = node.value
    for (let k = j === from ? offset : 0; k < value.length; k++) {
      const c = value.charCodeAt(k)
      if (c === 91 /* [ */) depth++
      else if (c === 93 /* ] */) {
        if (depth === 0) return [j, k]
        depth--
      }
    }
  }
  return null
}
