/**
 * Most characters of HTML one essay may render to. A page beyond it is unusable to readers (a
 * 0.8 MB KaTeX array became 92 MB of HTML and a 184 MB page, issue 21) and would weigh on every
 * cache, feed and search index that holds it. The corpus's largest essay renders to about 2 MB.
 */
export const MAX_RENDERED_HTML_CHARS = 8 * 1024 * 1024

/**
 * Why `html` is too large to keep, or null. An essay past the cap is refused, not shown as its
 * source: the source of such an essay is itself megabytes of markup nobody meant to publish as
 * text, and a refusal tells the author what to change while the stored post (if any) stays as it was.
 */
export function renderedSizeProblem(html: string): string | null {
  if (html.length <= MAX_RENDERED_HTML_CHARS) return null
  const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`
  return `renders to ${mb(html.length)} of HTML, more than the ${mb(MAX_RENDERED_HTML_CHARS)} one page may have: split the essay, or simplify its largest tables and formulas`
}
