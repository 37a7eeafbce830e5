/**
 * What bookdown and Quarto books both read to number their chapters: each chapter file's
 * first-level headings, whether one is marked unnumbered, appendix letters.
 */

/** The number a book gives each chapter file ("2", "A"), by path relative to its root, and what was wrong with its configuration. */
export interface BookNumbering {
  numbers: Map<string, string>
  /** What a chapter's heading says before its title, where that is more than its number: "Chapter 2", "Appendix A —". */
  shown?: Map<string, string>
  /** Configuration values that were ignored, said to the import report for each chapter. */
  warnings: string[]
  /** Figures, equations and theorems are numbered 1, 2, … in each chapter, without its number (Quarto's `crossref: chapters: false`). */
  plainNumbers?: boolean
}

const ATX_H1 = /^ {0,3}#(?!#)(?:[ \t]+(.*?))?[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
/** A heading's trailing pandoc attributes: `{-}`, `{#id .unnumbered}`, `{-#id}`. */
const ATTRIBUTES = /\{([^{}]*)\}\s*$/
const UNNUMBERED = /(?:^|\s)(?:-|\.unnumbered)(?=\s|#|$)|^-/

/** Whether a heading's text ends in pandoc attributes that leave it unnumbered (`{-}`, `{.unnumbered}`). */
export function isUnnumberedHeading(title: string): boolean {
  const attributes = ATTRIBUTES.exec(title)?.[1]
  return attributes !== undefined && UNNUMBERED.test(attributes.trim())
}

/** A, B, …, Z, then AA, AB, … as LaTeX's \Alph stops and bookdown's and Quarto's HTML go on. */
export function appendixLetter(n: number): string {
  let letters = ''
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters
  return letters
}

/** The text of each first-level ATX heading, outside front matter and fenced code. */
export function chapterHeadings(text: string): string[] {
  const lines = text.split(/\r?\n/)
  let i = 0
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, k) => k > 0 && /^(?:---|\.\.\.)\s*$/.test(line))
    if (end > 0) i = end + 1
  }
  const out: string[] = []
  let fence: string | null = null
  for (; i < lines.length; i++) {
    const line = lines[i]
    const open = FENCE.exec(line)
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = null
      continue
    }
    if (open) {
      fence = open[1]
      continue
    }
    const heading = ATX_H1.exec(line)
    if (heading) out.push((heading[1] ?? '').trim())
  }
  return out
}
