import type { ClientAssets } from './client-assets.js'
import { jsonForScript } from './escape.js'
import { STATE_ELEMENT_ID, type ClientState } from '../../../web/ssr-contract.js'
import { POST_HTML_ELEMENT_ID } from '../../../web/post-html-handover.js'

/**
 * The HTML shell around the server-rendered app: no inline script, so a strict CSP works.
 * `postHtml` is the essay's HTML taken out of the state (web/post-html-handover.ts), already
 * checked to be safe as a script element's raw text.
 */
export function renderDocument(parts: { head: string; assets: ClientAssets; appHtml: string; state: ClientState; postHtml?: string; lang?: string; owner?: boolean }): string {
  // An admin's page shows the workspace's controls from the first paint: their styles come with it.
  const ownerHead = parts.owner ? `\n    ${parts.assets.ownerHead}` : ''
  const postHtml = parts.postHtml === undefined ? '' : `\n    <script type="text/plain" id="${POST_HTML_ELEMENT_ID}">${parts.postHtml}</script>`
  return `<!doctype html>
<html lang="${parts.lang ?? 'en'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    ${parts.head}
    ${parts.assets.head}${ownerHead}
  </head>
  <body>
    <div id="root">${parts.appHtml}</div>
    <script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript(parts.state)}</script>${postHtml}
    ${parts.assets.script}
  </body>
</html>
`
}
