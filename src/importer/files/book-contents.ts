import { dirname, relative, sep } from 'node:path'
import { withoutDocumentExtension } from './book-toc.js'

/** A `{tableofcontents}` directive (Jupyter Book 1): where the book wants its list of pages below this one. */
const TOC_DIRECTIVE = /^[ \t]{0,3}(`{3,}|:{3,})[ \t]*\{tableofcontents\}[^\n]*\n(?:[\s\S]*?\n)?[ \t]{0,3}\1[ \t]*$/m

/**
 * A book page's text with the list of the pages its table of contents puts below it, as
 * Jupyter Book shows them in its sidebar (and where the page asks, with `{tableofcontents}`):
 * in place of that directive, else at the end under "Contents". The links are relative file
 * links, which the site resolves to the imported posts and words with their titles, as it does
 * for a d2l book's `toc` blocks; the site's reading paths then follow the book's order (see
 * src/discovery/teaching-order.ts: a page listing its chapters is a book's contents).
 */
export function withBookContents(text: string, path: string, listed: readonly string[]): string {
  if (listed.length === 0) return text
  const items = listed.map((file) => {
    const link = relative(dirname(path), file).split(sep).join('/')
    return `- [${withoutDocumentExtension(link)}](${encodeURI(link)})`
  })
  const list = items.join('\n')
  if (TOC_DIRECTIVE.test(text)) return text.replace(TOC_DIRECTIVE, () => list)
  return `${text.replace(/\s+$/, '')}\n\n## Contents\n\n${list}\n`
}
