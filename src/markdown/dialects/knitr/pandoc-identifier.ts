/**
 * The identifier pandoc gives a heading that names none (its `auto_identifiers` extension, which
 * bookdown relies on: `# Introduction` is `\@ref(introduction)`, `## Tufte style` is
 * `\@ref(tufte-style)`): punctuation other than `_`, `-` and `.` dropped, words joined by
 * hyphens, lower case, everything before the first letter dropped; `section` if nothing is left.
 */
export function pandocIdentifier(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_.\-\s]/gu, '')
    .split(/\s+/)
    .filter((w) => w !== '')
  const id = words.join('-').replace(/^[^\p{L}]+/u, '')
  return id || 'section'
}

/** A heading's own `{#id}` among its trailing attributes (`{#intro}`, `{#intro .unnumbered}`, `{-}` has none). */
const EXPLICIT = /\{[^{}]*?#([\w:.-]+)[^{}]*\}\s*$/
/** Pandoc attributes after a heading's words: `{-}`, `{.unnumbered}`, `{#id .class}`. */
const ATTRIBUTES = /\s*\{(?:[#.-][^{}]*|[\w-]+=[^{}]*)\}\s*$/

/** The label a heading's text (as written, attributes and all) answers to in bookdown. */
export function headingLabel(written: string): { label: string; explicit: boolean } {
  const explicit = EXPLICIT.exec(written)
  if (explicit) return { label: explicit[1], explicit: true }
  return { label: pandocIdentifier(written.replace(ATTRIBUTES, '')), explicit: false }
}

/** Pandoc's way with a repeated identifier: `intro`, then `intro-1`, `intro-2`. */
export class IdentifierSet {
  private readonly used = new Map<string, number>()

  unique(id: string): string {
    const seen = this.used.get(id)
    if (seen === undefined) {
      this.used.set(id, 0)
      return id
    }
    let n = seen + 1
    while (this.used.has(`${id}-${n}`)) n++
    this.used.set(id, n)
    this.used.set(`${id}-${n}`, 0)
    return `${id}-${n}`
  }
}
