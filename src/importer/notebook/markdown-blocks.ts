/** Small builders for the markdown a notebook becomes: each returns one block, without blank lines around it. */

/** A fenced code block whose fence is longer than any backtick run inside, so nothing can close it early. */
export function fenced(info: string, body: string): string {
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${info}\n${body.replace(/\n+$/, '')}\n${fence}`
}

/**
 * HTML as one raw block: CommonMark ends an HTML block at a blank line, after which an indented
 * table row would become a code block, so blank lines go; `<style>` and `<script>` go too, since
 * the sanitizer would leave a stylesheet's text behind as words of the page.
 */
export function htmlBlock(html: string): string | null {
  const cleaned = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')
    .trim()
  return cleaned === '' ? null : cleaned
}

/** Display math from a LaTeX output, without the delimiters it came in (`$$…$$`, `$…$`, `\[…\]`). */
export function displayMath(latex: string): string | null {
  let tex = latex.trim()
  const wrapped = /^\$\$([\s\S]*)\$\$$/.exec(tex) ?? /^\\\[([\s\S]*)\\\]$/.exec(tex) ?? /^\$([\s\S]*)\$$/.exec(tex)
  if (wrapped) tex = wrapped[1].trim()
  return tex === '' ? null : `$$\n${tex}\n$$`
}

/**
 * Terminal text as a reader would have seen it: colour codes gone, and a line redrawn with
 * carriage returns (a progress bar) shown as it was last drawn.
 */
export function terminalText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- ESC is exactly what terminal colour codes start with
      .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '')
      .replace(/\r\n/g, '\n')
      .split('\n')
      .map((line) => line.slice(line.lastIndexOf('\r') + 1))
      .join('\n')
      .replace(/\s+$/, '')
  )
}
