/**
 * A reader's page links the app's stylesheet at the start of its body, after the styles inlined
 * in its head (src/server/ssr/document.ts, critical-css.ts). Vite puts a stylesheet
 * the app loads later, the owner's after signing in, at the end of the head, where it would
 * come before the app's and lose to it; so, first, the app's is moved to the end of the head.
 * Not sooner: the move restyles the whole page (30-50 ms on a long essay), which a reader who
 * never signs in should not pay. The stylesheet is reapplied from memory, with no flash.
 */
export function moveBodyStylesheetsToHead(doc: Document): void {
  for (const link of doc.body.querySelectorAll('link[rel="stylesheet"]')) doc.head.appendChild(link)
}
