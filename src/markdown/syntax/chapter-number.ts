/**
 * The `n`th numbered thing of its kind in a document: "3" on its own, "2.3" in a book's chapter
 * 2, "A.3" in appendix A — how bookdown numbers equations, figures, tables and theorems.
 */
export function chapterNumber(chapter: string | undefined, n: number): string {
  return chapter ? `${chapter}.${n}` : String(n)
}
