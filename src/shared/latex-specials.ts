/**
 * LaTeX's special characters in text, and what prints each as itself: one table for the arXiv
 * export (src/export/latex-text.ts, which adds the characters its fonts lack) and BibTeX
 * (src/shared/citation/bibtex.ts).
 */
export const LATEX_SPECIALS: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
}
