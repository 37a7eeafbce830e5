import type { ClientAssets } from './client-assets.js'
import { jsonForScript } from './escape.js'
import { STATE_ELEMENT_ID, type ClientState } from '../../../web/ssr-contract.js'
import { POST_HTML_ELEMENT_ID } from '../../../web/post-html-handover.js'
import { THEME_SCRIPT_TAG } from './theme-script.js'

/**
 * The HTML shell around the server-rendered app. Its one inline script sets the reader's theme
 * before the first paint (theme-script.ts), allowed by its hash, so a strict CSP still works.
 * `postHtml` is the essay's HTML taken out of the state (web/post-html-handover.ts), already
 * checked to be safe as a script element's raw text; empty for an essay left in the article alone.
 */
export function renderDocument(parts: {
  head: string
  assets: ClientAssets
  appHtml: string
  state: ClientState
  postHtml?: string
  lang?: string
  owner?: boolean
}): string {
  // An admin's page shows the workspace's controls from the first paint: their styles come with it.
  const ownerHead = parts.owner ? `\n    ${parts.assets.ownerHead}` : ''
  const styles = pageStyles(parts)
  const postHtml =
    parts.postHtml === undefined
      ? ''
      : `\n    <script type="text/plain" id="${POST_HTML_ELEMENT_ID}">${parts.postHtml}</script>`
  return `<!doctype html>
<html lang="${parts.lang ?? 'en'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    ${THEME_SCRIPT_TAG}
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${parts.head}
    ${styles.head}${parts.assets.head}${ownerHead}
  </head>
  <body>${styles.body}
    <div id="root">${parts.appHtml}</div>
    <script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript(parts.state)}</script>${postHtml}
    ${parts.assets.script}
  </body>
</html>
`
}

/** The elements every page has around the app's markup, for the styles that select them. */
const SHELL = '<html><head></head><body><div id="root"></div></body></html>'

/**
 * A reader's page carries, inline, every font face and the rules its own markup uses, and
 * links the stylesheet (without its font faces: scripts/font-faces-apart.ts) at the start of
 * the body, so it arrives before the app's script runs (a script waits for the stylesheets
 * above it) and whatever the app draws later is styled. Not at the end of the body, where it
 * was: a stylesheet added to a parsed page restyles every element on screen and lays them
 * out again, on the longest math page (issue 40) a 0.5-1.4 s task on a throttled phone, half
 * its style work; at the start it is there before the essay is parsed. The body is not
 * painted until it arrives, fetched alongside the page. An admin's page keeps the plain
 * links in the head: the owner's stylesheet must come after the app's to win over it.
 */
function pageStyles(parts: { head: string; assets: ClientAssets; appHtml: string; owner?: boolean }): {
  head: string
  body: string
} {
  const { styles, deferredStyles, critical } = parts.assets
  const head = (tags: string) => (tags ? `${tags}\n    ` : '')
  if (parts.owner || !critical) return { head: head(styles), body: '' }
  const { css, fontFiles } = critical.forMarkup(`${SHELL}${parts.head}${parts.appHtml}`)
  if (/<\/style/i.test(css)) return { head: head(styles), body: '' }
  return {
    head: head(`<style>${css}</style>${fontPreloads(fontFiles, parts.assets.head)}`),
    body: deferredStyles ? `\n    ${deferredStyles}` : '',
  }
}

/**
 * The font files the page's styles set it in, beyond those every page asks for already: asked
 * for here, with the page, they are there by its first layout (formulas' fonts included), so it
 * is laid out and painted once rather than again as each one arrives.
 */
function fontPreloads(files: string[], alreadyInHead: string): string {
  return files
    .filter((url) => /^\/[\w./-]+$/.test(url) && !alreadyInHead.includes(`href="${url}"`))
    .map((url) => `\n    <link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`)
    .join('')
}
