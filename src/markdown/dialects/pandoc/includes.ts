import { stripFrontMatter } from '../../syntax/front-matter.js'

/** `{{< include _part.qmd >}}` alone on its line (`{{{< … >}}}` is Quarto's escape: shown, not run). */
const INCLUDE_LINE = /^[ \t]*\{\{<\s*include\s+("[^"]+"|'[^']+'|\S+)\s*>\}\}[ \t]*$/
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/
/** Included files include others; a cycle or a runaway chain stops here. */
const MAX_DEPTH = 5
/** All included text together: a page that includes a big part a thousand times is not an essay. */
const MAX_INCLUDED_CHARS = 4_000_000

/** The document with its includes in place, and why each include that shows nothing does. */
export interface Included {
  markdown: string
  problems: string[]
}

/**
 * Quarto's `include` shortcode, as Quarto runs it: the named file's text replaces the line
 * before the document is parsed, so an included part can hold anything the page could (headings,
 * divs, math, citations). Lines inside code fences are examples and stay as written.
 */
export function expandIncludes(markdown: string, read: (ref: string) => string | null): Included {
  const problems: string[] = []
  let budget = MAX_INCLUDED_CHARS
  const expand = (text: string, depth: number, chain: readonly string[]): string => {
    if (!text.includes('{{<')) return text
    const lines = text.split('\n')
    let fence: string | null = null
    for (let i = 0; i < lines.length; i++) {
      const opened = FENCE.exec(lines[i])
      if (opened) {
        if (fence === null) fence = opened[1]
        else if (opened[1][0] === fence[0] && opened[1].length >= fence.length && lines[i].trim() === opened[1])
          fence = null
        continue
      }
      const m = fence === null ? INCLUDE_LINE.exec(lines[i]) : null
      if (!m) continue
      const ref = m[1].replace(/^(["'])(.*)\1$/, '$2')
      const looped = depth >= MAX_DEPTH || chain.includes(ref)
      const part = looped ? null : read(ref)
      if (part === null || part.length > budget) {
        problems.push(
          looped
            ? `Included file includes itself: ${ref}`
            : part === null
              ? `Included file not found: ${ref}`
              : `Included file left out: the page's included text would pass ${MAX_INCLUDED_CHARS} characters (${ref})`,
        )
        lines[i] = ''
        continue
      }
      budget -= part.length
      // A part's own metadata block is the part's business, not text of the page.
      lines[i] = expand(stripFrontMatter(part.replace(/\r\n?/g, '\n')).body, depth + 1, [...chain, ref])
    }
    return lines.join('\n')
  }
  return { markdown: expand(markdown, 0, []), problems }
}
