/**
 * The chapter a document's figures, equations, tables and theorems are numbered within: none in a
 * Quarto book whose `crossref: chapters: false` numbers them 1, 2, … in each chapter.
 */
export function itemChapter(context: { chapter?: string; plainNumbers?: boolean }): string | undefined {
  return context.plainNumbers ? undefined : context.chapter
}

/**
 * The `n`th numbered thing of its kind in a document: "3" on its own, "2.3" in a book's chapter
 * 2, "A.3" in appendix A — how bookdown numbers equations, figures, tables and theorems.
 */
export function chapterNumber(chapter: string | undefined, n: number): string {
  return chapter ? `${chapter}.${n}` : String(n)
}
