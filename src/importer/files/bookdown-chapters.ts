import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * A bookdown book's chapter files in the book's order, as bookdown's `source_files()` has it:
 * the `rmd_files` listed, else every `.Rmd` of the root folder alphabetically; either way less
 * the files whose name starts with `_`, and `index.Rmd` first.
 */
export async function bookdownChapterFiles(root: string, listed: readonly string[] | null): Promise<string[]> {
  const files = listed
    ? listed.map((f) => f.replace(/^\.\//, ''))
    : (await readdir(root, { withFileTypes: true }).catch(() => []))
        .filter((e) => !e.isDirectory() && /\.rmd$/i.test(e.name))
        .map((e) => e.name)
        .sort()
  const kept = [...new Set(files)].filter((f) => !/^_/.test(f.slice(f.lastIndexOf('/') + 1)))
  const index = kept.filter((f) => /^index\.rmd$/i.test(f))
  return [...index, ...kept.filter((f) => !index.includes(f))]
}

/** The number each chapter file's chapter has in the book (see chapterNumbers), by path relative to the root. */
export async function bookdownChapterNumbers(
  root: string,
  listed: readonly string[] | null,
): Promise<Map<string, string>> {
  const files = await bookdownChapterFiles(root, listed)
  const texts = await Promise.all(files.map((f) => readFile(join(root, f), 'utf8').catch(() => '')))
  return chapterNumbers(files.map((file, i) => ({ file, text: texts[i] })))
}

const ATX_H1 = /^ {0,3}#(?!#)(?:[ \t]+(.*?))?[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
/** A heading's trailing pandoc attributes: `{-}`, `{#id .unnumbered}`, `{-#id}`. */
const ATTRIBUTES = /\{([^{}]*)\}\s*$/
const UNNUMBERED = /(?:^|\s)(?:-|\.unnumbered)(?=\s|#|$)|^-/
const PART = /^\(\s*PART\\?\*?\s*\)/
const APPENDIX = /^\(\s*APPENDIX\s*\)/

/**
 * The chapter number of each file of a book, read in the book's order as bookdown numbers its
 * chapters: each first-level heading is a chapter, numbered 1, 2, … unless it is marked `{-}` or
 * `.unnumbered` (a preface, the references); part headings (`# (PART) …`) are not chapters;
 * after `# (APPENDIX) …` chapters are lettered A, B, …. A file's number is its first numbered
 * chapter's (bookdown has one chapter per file); a file with none (the preface) has no entry.
 */
export function chapterNumbers(files: ReadonlyArray<{ file: string; text: string }>): Map<string, string> {
  const out = new Map<string, string>()
  let count = 0
  let appendix = false
  for (const { file, text } of files) {
    for (const title of chapterHeadings(text)) {
      if (APPENDIX.test(title)) {
        appendix = true
        count = 0
        continue
      }
      if (PART.test(title)) continue
      const attributes = ATTRIBUTES.exec(title)?.[1]
      if (attributes !== undefined && UNNUMBERED.test(attributes.trim())) continue
      count++
      if (!out.has(file)) out.set(file, appendix ? appendixLetter(count) : String(count))
    }
  }
  return out
}

/** A, B, …, Z, then AA, AB, … as LaTeX's \Alph stops and bookdown's HTML goes on. */
function appendixLetter(n: number): string {
  let letters = ''
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters
  return letters
}

/** The text of each first-level ATX heading, outside front matter and fenced code. */
function chapterHeadings(text: string): string[] {
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
