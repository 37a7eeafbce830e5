export { escapeHtml } from '../../shared/escape-html.js'

/** JSON safe inside <script type="application/json">: no `</script>`, no line separators. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
