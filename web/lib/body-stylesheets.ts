/**
 * A reader's page links the app's stylesheet at the end of its body (its first paint comes
 * from the styles inlined in the head: src/server/ssr/critical-css.ts). A stylesheet the app
 * loads later, the owner's after signing in, is put at the end of the head, and would then
 * come before the app's and lose to it. Moved to the end of the head before the app starts,
 * the app's stylesheet keeps its place in the cascade; it is loaded by then (a script waits
 * for the stylesheets above it), and the inlined styles cover the page meanwhile.
 */
export function moveBodyStylesheetsToHead(doc: Document): void {
  for (const link of doc.body.querySelectorAll('link[rel="stylesheet"]')) doc.head.appendChild(link)
}
