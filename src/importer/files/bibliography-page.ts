/**
 * Whether a page is a Jupyter Book's bibliography page: after its front matter, nothing but
 * headings, targets, comments and one `{bibliography}` directive. Jupyter Book fills it with the
 * book's references; Scholia lists each post's own references on the post, so the page has
 * nothing left to say and is not imported.
 */
export function isBibliographyPage(text: string): boolean {
  const body = text.replace(/^\uFEFF?---\n[\s\S]*?\n---[ \t]*(?:\n|$)/, '')
  const opening = /^[ \t]{0,3}(`{3,}|:{3,})[ \t]*\{bibliography\}.*$/m.exec(body)
  if (!opening) return false
  const fence = opening[1]
  const after = body.slice(opening.index + opening[0].length)
  const closing = new RegExp(`^[ \\t]{0,3}${fence[0] === '`' ? '`' : ':'}{${fence.length},}[ \\t]*$`, 'm').exec(after)
  if (!closing) return false
  const rest = body.slice(0, opening.index) + after.slice(closing.index + closing[0].length)
  return rest.split('\n').every((line) => /^\s*$|^\s{0,3}#{1,6}\s|^\s*\([\w:.-]+\)=\s*$|^\s*%/.test(line))
}

/**
 * Whether a bookdown page has nothing to read: once its hidden chunks (`include=FALSE`), inline R
 * and LaTeX commands are gone, nothing but headings. Such is a book's references page
 * (`# References {-}`, which bookdown fills with the bibliography, and a chunk writing
 * `packages.bib`); Scholia lists each post's own references on the post.
 */
export function isEmptyBookdownPage(text: string): boolean {
  const body = text
    .replace(/^\uFEFF?---\n[\s\S]*?\n---[ \t]*(?:\n|$)/, '')
    .replace(
      /^[ \t]*```+[ \t]*\{r\b[^}\n]*\binclude\s*=\s*(?:FALSE|F)\b[^}\n]*\}[ \t]*\n[\s\S]*?^[ \t]*```+[ \t]*$/gm,
      '',
    )
    .replace(/`r [^`]*`/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
  return body.split('\n').every((line) => /^\s*$|^\s{0,3}#{1,6}\s|^\s*(?:\\[A-Za-z]+\s*)+$/.test(line))
}
