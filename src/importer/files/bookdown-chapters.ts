import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { appendixLetter, chapterHeadings, isUnnumberedHeading, type BookNumbering } from './chapter-headings.js'
import { bookdownChapterNames, bookdownNumbersSections } from './bookdown-output.js'

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

/**
 * The number each chapter file's chapter has in the book (see chapterNumbers), by path relative
 * to the root; none when its HTML format has `number_sections: false` (bookdown-output.ts).
 */
export async function bookdownChapterNumbers(
  root: string,
  listed: readonly string[] | null,
  config: unknown,
): Promise<BookNumbering> {
  const { numbered, warnings } = await bookdownNumbersSections(root)
  if (!numbered) return { numbers: new Map(), warnings }
  const files = await bookdownChapterFiles(root, listed)
  const texts = await Promise.all(files.map((f) => readFile(join(root, f), 'utf8').catch(() => '')))
  const numbers = chapterNumbers(files.map((file, i) => ({ file, text: texts[i] })))
  // The heading shows the number as `chapter_name` spells it: "Chapter 2 Introduction" (add_chapter_prefix).
  const names = bookdownChapterNames(config, warnings)
  const shown = new Map(
    [...numbers].map(([file, n]) => [file, /^[A-Z]+$/.test(n) ? names.appendix(n) : names.chapter(n)]),
  )
  return { numbers, shown, warnings }
}

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
      if (isUnnumberedHeading(title)) continue
      count++
      if (!out.has(file)) out.set(file, appendix ? appendixLetter(count) : String(count))
    }
  }
  return out
}
