/**
 * CommonMark's block-level tag names (HTML block type 6): a line opening with one of them
 * starts a raw HTML block, which runs to the next blank line. Any other complete tag alone on a
 * line is type 7, which cannot interrupt a paragraph.
 */
export const BLOCK_TAGS =
  /^(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)$/i

/** A line that starts a type-6 HTML block (`<p class="framed">`, `</div>`). */
export function opensHtmlBlock(line: string): boolean {
  const m = /^ {0,3}<\/?([A-Za-z][\w-]*)(?=[\s/>]|$)/.exec(line)
  return m !== null && BLOCK_TAGS.test(m[1])
}
