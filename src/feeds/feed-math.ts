import { createHash } from 'node:crypto'
import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { SKIP, visit } from 'unist-util-visit'
import { find, findAll, hasClass, isElement, parseStoredHtml, textContent } from '../export/html-tree.js'
import { LruCache } from '../core/lru-cache.js'

/**
 * Results by the hash of their input. Parsing a math-heavy essay is the dear part of a feed
 * (0.6 s for the 1 MB of a statproofbook proof on a busy 2-core machine), and every post change
 * rebuilds the feed from mostly the same twenty bodies; this holds a few feeds' worth.
 */
const cache = new LruCache<string, string>(64)

/**
 * The post's HTML with each formula carried once, as MathML. KaTeX writes every formula twice:
 * its visual rendering (`span.katex-html`, which needs KaTeX's CSS and fonts) and MathML (which
 * KaTeX's CSS hides). A feed reader has no KaTeX CSS, so it showed both: the formula, then a
 * jumble of the same letters. What stays is `<math>` with its TeX annotation,
 * and `display="block"` for a display; the wrappers `span.katex` and `span.katex-display` stay
 * too (harmless without CSS), only `span.katex-mathml` goes, since KaTeX's CSS would hide it.
 *
 * An equation number KaTeX put in its visual rendering only (a `\tag` on a row of `align*` or
 * `gather*`: its MathML cell `mtd.mml-eqn-num` is left empty for CSS to fill) is written into
 * that cell; a number with no cell to hold it follows the formula as plain text.
 */
export function feedMath(html: string): string {
  // Most posts have no math: nothing to parse.
  if (!html.includes('katex-html')) return html
  const key = createHash('sha1').update(html).digest('base64url')
  let out = cache.get(key)
  if (out === undefined) cache.set(key, (out = mathmlOnly(html)))
  return out
}

function mathmlOnly(html: string): string {
  const tree = parseStoredHtml(html)
  visit(tree, 'element', (node) => {
    if (!hasClass(node, 'katex')) return
    const mathml = node.children.find((c) => hasClass(c, 'katex-mathml'))
    const visual = node.children.find((c) => hasClass(c, 'katex-html'))
    // Anything else (KaTeX's error markup is `span.katex-error`) is left as it is.
    if (isElement(mathml) && isElement(visual))
      node.children = [...mathml.children, ...numbersInto(mathml, rowNumbers(visual))]
    return SKIP
  })
  return toHtml(tree)
}

/**
 * The equation numbers of a display's rows as its visual rendering shows them, top to bottom, for
 * the rows that have one: the text (`(3)`, or what `\tag*` gave), or null for a number KaTeX
 * leaves to a CSS counter (`span.eqn-num`, empty in the HTML). A formula-wide `\tag` without
 * rows is not listed: KaTeX writes it into the MathML itself.
 */
function rowNumbers(visual: Element): (string | null)[] {
  const tag = find(visual, (n) => hasClass(n, 'tag'))
  const rows = tag && find(tag, (n) => hasClass(n, 'vlist'))
  if (!rows) return []
  const numbers: (string | null)[] = []
  for (const row of rows.children) {
    if (!isElement(row)) continue
    const content = row.children.filter((c) => !hasClass(c, 'pstrut'))
    const text = content
      .map((c) => textContent(c))
      .join('')
      .trim()
    if (text) numbers.push(text)
    else if (content.some((c) => isElement(c) && find(c, (n) => hasClass(n, 'eqn-num')) !== null)) numbers.push(null)
  }
  return numbers
}

/** Writes `numbers` into the empty number cells of the MathML, in order; returns what is left over, as text. */
function numbersInto(mathml: Element, numbers: (string | null)[]): ElementContent[] {
  if (numbers.length === 0) return []
  const cells = findAll(mathml, (n) => n.tagName === 'mtd' && hasClass(n, 'mml-eqn-num') && n.children.length === 0)
  cells.forEach((cell, i) => {
    const number = numbers[i]
    if (number)
      cell.children = [
        { type: 'element', tagName: 'mtext', properties: {}, children: [{ type: 'text', value: number }] },
      ]
  })
  const rest = numbers.slice(cells.length).filter((n): n is string => n !== null)
  return rest.length ? [{ type: 'text', value: ` ${rest.join(' ')}` }] : []
}
