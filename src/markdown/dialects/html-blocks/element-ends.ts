/** Elements with no closing tag. */
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i
/** Elements whose content is not markup: what they hold is never split. */
const RAW = /^(?:pre|script|style|textarea)$/i
const CLOSING_LINE = /([ \t]*<\/[A-Za-z][\w-]*\s*>)[ \t]*(?:\n|$)/y
const OPENING = /[ \t]*<([A-Za-z][\w-]*)((?:\s+[\w:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y

/**
 * An HTML block cut where kramdown ends it: CommonMark runs a block on to the next blank line
 * and reads nothing in it, but kramdown's block ends with the line that closes its element, and
 * what follows is markdown again (al-folio posts write `</blockquote>` then a paragraph of
 * **bold** text, or an `<iframe>` line then a `<div class="caption" markdown="1">`, with no blank
 * line between). Answers the block's whole elements, one per piece, and the text after them, or
 * null when the block is one element with nothing after it, or does not start with an element.
 * Linear: each element is scanned once for its closing tag.
 */
export function elementsAndRest(value: string): { elements: string[]; rest: string } | null {
  const elements: string[] = []
  let pos = 0
  while (pos < value.length) {
    // A line closing an element opened in an earlier block (`</aside>` after a paragraph) stands alone.
    CLOSING_LINE.lastIndex = pos
    const closing = CLOSING_LINE.exec(value)
    if (closing) {
      elements.push(closing[1])
      pos += closing[0].length
      continue
    }
    OPENING.lastIndex = pos
    const opening = OPENING.exec(value)
    if (!opening || RAW.test(opening[1])) break
    const afterOpening = pos + opening[0].length
    const end = VOID.test(opening[1]) || opening[3] === '/' ? afterOpening : closingEnd(value, opening[1], afterOpening)
    if (end < 0) break
    const newline = value.indexOf('\n', end)
    const lineEnd = newline < 0 ? value.length : newline
    if (value.slice(end, lineEnd).trim() !== '') break
    elements.push(value.slice(pos, lineEnd))
    pos = newline < 0 ? value.length : newline + 1
  }
  const rest = value.slice(pos)
  if (elements.length === 0 || (elements.length === 1 && rest.trim() === '')) return null
  return { elements, rest }
}

/** Where the element `name` opened before `from` ends (after its closing tag), or -1. */
function closingEnd(value: string, name: string, from: number): number {
  // `[^<>]*`: an attempt stops at the next tag, so unclosed tags cost one pass, not one each.
  const tag = new RegExp(`<(/?)${name}(?=[\\s/>])[^<>]*>`, 'gi')
  tag.lastIndex = from
  let depth = 1
  for (let m = tag.exec(value); m; m = tag.exec(value)) {
    if (m[1]) depth--
    else if (!m[0].endsWith('/>')) depth++
    if (depth === 0) return m.index + m[0].length
  }
  return -1
}
