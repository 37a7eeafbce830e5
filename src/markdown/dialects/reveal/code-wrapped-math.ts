/**
 * reveal.js's math plugin asks authors writing slides in markdown to wrap a formula in
 * backticks, so that the markdown reader leaves its `_` and `\\` alone: `` `$$ … $$` `` for a
 * display, `` `$ … $` `` inline. Its page then typesets those code spans. Hugo Academic
 * (Wowchemy) slides, reveal-md and Quarto sites that keep such talks write formulas this way.
 *
 * A code span whose whole text is a `$$` display that runs over several lines is such a
 * formula. A literal example of the syntax is one short line in an essay about markdown. Once
 * an essay writes its displays this way, its one-line `` `$$…$$` `` and `` `$…$` `` spans are
 * formulas too. The formulas become ordinary `$$` displays and `$` inline math; code spans
 * inside fenced code blocks are left as they are.
 */
export function unwrapCodeMath(markdown: string): string {
  if (!markdown.includes('`$')) return markdown
  const parts = outsideFences(markdown)
  if (!parts.some((p) => !p.fenced && MULTILINE_DISPLAY.test(p.text))) return markdown
  return parts
    .map((p) =>
      p.fenced
        ? p.text
        : p.text
            .replace(DISPLAY_SPAN, (span: string, tex: string, at: number, text: string) => {
              if (/\n[ \t]*\n/.test(tex) || tex.trim() === '') return span
              const before = at === 0 || text[at - 1] === '\n' ? '' : '\n'
              const end = at + span.length
              const after = end === text.length || text[end] === '\n' ? '' : '\n'
              return `${before}$$\n${tex.trim()}\n$$${after}`
            })
            .replace(INLINE_SPAN, (span: string, tex: string) => (tex.trim() === '' ? span : `$${tex}$`)),
    )
    .join('')
}

/** `` `$$` `` and a line break: a display written over several lines inside one code span. */
const MULTILINE_DISPLAY = /(?<!`)`\$\$[^`$]*\n[^`$]*\$\$`(?!`)/
const DISPLAY_SPAN = /(?<!`)`\$\$([^`$]+)\$\$`(?!`)/g
const INLINE_SPAN = /(?<!`)`\$(?!\$)([^`$\n]+)\$`(?!`)/g

/** The text cut into runs inside and outside fenced code blocks (``` or ~~~), in order. */
function outsideFences(markdown: string): Array<{ text: string; fenced: boolean }> {
  const parts: Array<{ text: string; fenced: boolean }> = []
  let fence: string | null = null
  let run: string[] = []
  const flush = (fenced: boolean) => {
    if (run.length) parts.push({ text: run.join(''), fenced })
    run = []
  }
  for (const line of markdown.split(/(?<=\n)/)) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === null && marker) {
      flush(false)
      fence = marker
      run.push(line)
    } else if (
      fence !== null &&
      marker &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    ) {
      run.push(line)
      flush(true)
      fence = null
    } else run.push(line)
  }
  flush(fence !== null)
  return parts
}
