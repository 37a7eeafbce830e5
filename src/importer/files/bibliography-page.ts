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

/**
 * Whether a Quarto page is its book's references page: after its front matter, nothing but
 * headings, includes (`{{< include _setup.qmd >}}`), hidden chunks and the empty `::: {#refs}`
 * div Quarto fills with the bibliography. Scholia lists each post's own references on the post.
 */
export function isQuartoReferencesPage(text: string): boolean {
  const body = text
    .replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /^[ \t]*```+[ \t]*\{[a-z]+[^}\n]*\}[ \t]*\r?\n(?:#\|.*\r?\n)*?#\|[ \t]*(?:include|echo)[ \t]*:[ \t]*false[\s\S]*?^[ \t]*```+[ \t]*$/gm,
      '',
    )
  if (!/^[ \t]*:{3,}[ \t]*\{#refs\}[ \t]*$/m.test(body)) return false
  return body
    .split(/\r?\n/)
    .every((line) =>
      /^\s*$|^\s{0,3}#{1,6}\s|^\s*\{\{<\s*include\s[^>]*>\}\}\s*$|^\s*:{3,}\s*(?:\{#refs\})?\s*$/.test(line),
    )
}
