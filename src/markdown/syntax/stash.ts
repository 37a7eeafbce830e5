/**
 * Content the rewriter has already delimited (code block bodies, formulas, raw HTML blocks) is
 * set aside and replaced by a short marker before remark parses the document: micromark then
 * has a third less text to read (it reads code and TeX character by character, for nothing),
 * and TeX reaches KaTeX exactly as written, whatever markdown would have made of it (`\$`,
 * `|` in tables, `*`). `rehype-restore-stash` puts the content back right after remark-rehype,
 * before the sanitizer sees anything.
 */

const OPEN = '\uE003'
const CLOSE = '\uE004'
const MARKER = /\uE003(\d+)\uE004/g

export class Stash {
  readonly entries: string[] = []

  /** Keeps `text`; returns the marker that stands for it. */
  put(text: string): string {
    this.entries.push(text)
    return OPEN + (this.entries.length - 1) + CLOSE
  }
}

/** Whether `text` holds a stash marker. */
export function hasMarker(text: string): boolean {
  return text.includes(OPEN)
}

/** `text` with every marker replaced by what it stands for. */
export function unstash(text: string, entries: readonly string[]): string {
  return text.replace(MARKER, (whole, n: string) => entries[Number(n)] ?? whole)
}
