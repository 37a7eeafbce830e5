import type { Element, ElementContent, Nodes, Root, RootContent } from 'hast'
import { raw as parseRaw } from 'hast-util-raw'
import rehypeRaw from 'rehype-raw'
import type { VFile } from 'vfile'

/**
 * rehype-raw, skipped when the essay has no HTML left in it: it re-parses the whole tree through
 * parse5 even when there is little to parse. Most of the raw HTML in real essays is the links
 * the preprocessor itself writes (`<a href="#eq-x">(3)</a>`, a d2l reference to another
 * chapter), and a line break: an opening `<a …>` and its `</a>` among the same siblings, with
 * no HTML between them, is made the element parse5 would make of it, here and alone; the tree
 * goes through rehype-raw only when other HTML remains. On the corpus that spares 200 of 206
 * essays the whole-tree pass (7 % of an import's render time), with the same HTML out.
 */
export default function rehypeRawIfNeeded() {
  const raw = rehypeRaw()
  return (tree: Root, file: VFile): Root => {
    if (!hasRaw(tree)) return tree
    resolveSimpleRaw(tree)
    if (hasRaw(tree)) return raw(tree, file)
    // What the whole-tree pass would still have changed: parse5 drops a newline that opens a `pre`.
    dropOpeningNewlines(tree)
    return tree
  }
}

/**
 * HTML ignores a line feed right after `<pre>` (parse5 drops it, and so rehype-raw did for every
 * essay with HTML in it): a code block whose text starts with an empty line shows one less.
 */
function dropOpeningNewlines(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'pre') dropFirstNewline(child)
    else dropOpeningNewlines(child)
  }
}

/** Drops the line feed opening the first text inside `node`; true once the first text is found. */
function dropFirstNewline(node: Element): boolean {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]
    if (child.type === 'text') {
      if (child.value.startsWith('\n')) {
        if (child.value.length === 1) node.children.splice(i, 1)
        else child.value = child.value.slice(1)
      }
      return true
    }
    if (child.type === 'element' && dropFirstNewline(child)) return true
  }
  return false
}

function hasRaw(node: Nodes): boolean {
  if (node.type === 'raw') return true
  if (!('children' in node)) return false
  for (const child of node.children) if (hasRaw(child)) return true
  return false
}

/** An opening `<a>` tag alone: attributes only, nothing that could end or open another tag. */
const OPEN_A = /^<a(?:\s[^<>]*)?>$/
const CLOSE_A = /^<\/a\s*>$/
const BREAK = /^<br\s*\/?>$/

function resolveSimpleRaw(node: Root | Element): void {
  const children: Array<RootContent | ElementContent> = node.children
  for (let i = 0; i < children.length; i++) {
    const child = children[i]
    if (child.type === 'element') {
      resolveSimpleRaw(child)
      continue
    }
    if (child.type !== 'raw') continue
    if (BREAK.test(child.value)) {
      const br = elementOf(child.value)
      if (br) children[i] = br
      continue
    }
    if (!OPEN_A.test(child.value)) continue
    const close = closingAnchor(children, i)
    if (close < 0) continue
    const anchor = elementOf(child.value)
    if (!anchor) continue
    const inside = children.slice(i + 1, close) as ElementContent[]
    for (const c of inside) if (c.type === 'element') resolveSimpleRaw(c)
    children.splice(i, close - i + 1, { ...anchor, children: inside })
  }
}

/** Where the `</a>` closing the `<a>` at `open` is among its siblings; -1 when HTML or another link comes first. */
function closingAnchor(children: ReadonlyArray<RootContent | ElementContent>, open: number): number {
  for (let j = open + 1; j < children.length; j++) {
    const c = children[j]
    if (c.type === 'raw') return CLOSE_A.test(c.value) ? j : -1
    if (c.type === 'element' && (c.tagName === 'a' || hasRaw(c) || containsAnchor(c))) return -1
  }
  return -1
}

function containsAnchor(node: Element): boolean {
  for (const c of node.children) if (c.type === 'element' && (c.tagName === 'a' || containsAnchor(c))) return true
  return false
}

/** The childless element parse5 makes of one tag (its attributes read as any HTML's are), by tag text. */
const parsedTags = new Map<string, Element | null>()
const MAX_PARSED_TAGS = 5_000

function elementOf(tag: string): Element | null {
  let element = parsedTags.get(tag)
  if (element === undefined) {
    const name = tag.startsWith('<br') ? 'br' : 'a'
    const tree = parseRaw({
      type: 'root',
      children: [{ type: 'raw', value: name === 'br' ? tag : `${tag}</a>` }],
    }) as Root
    const only = tree.children.length === 1 ? tree.children[0] : null
    element = only?.type === 'element' && only.tagName === name && only.children.length === 0 ? only : null
    // Where the tag sat in that one-tag document says nothing of where it sits in the essay.
    if (element) delete element.position
    if (parsedTags.size >= MAX_PARSED_TAGS) parsedTags.clear()
    parsedTags.set(tag, element)
  }
  // A copy: the cached one must never become part of (and be changed with) a document's tree.
  return element && structuredClone(element)
}
