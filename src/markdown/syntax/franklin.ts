import type { Stash } from './stash.js'

/**
 * Franklin.jl syntax (the Julia blog): `~~~` raw HTML, `@@class … @@` divs, `@def` page
 * variables, `\toc`, `\fig{…}`, and `{{…}}` template calls.
 */

/** `@def name = value`; a `"""` value may run over several lines. */
export const DEF_LINE = /^@def\s/

/** A """ value longer than this is taken for a stray quote: the `@def` is one line. */
const MAX_DEF_LINES = 200

/** Index of the first line after an `@def` starting at `start`. */
export function skipDef(lines: string[], start: number): number {
  const quotes = (lines[start].match(/"""/g) ?? []).length
  if (quotes % 2 === 0) return start + 1
  const last = Math.min(lines.length, start + MAX_DEF_LINES)
  for (let i = start + 1; i < last; i++) {
    if (lines[i].includes('"""')) return i + 1
  }
  return start + 1
}

export const DIV_OPEN_LINE = /^\s*@@([A-Za-z][\w-]*(?:,[A-Za-z][\w-]*)*)\s*$/
export const DIV_CLOSE_LINE = /^\s*@@\s*$/
/** `\toc` (Franklin) and `\tableofcontents`: the site shows its own table of contents. */
export const TOC_LINE = /^\s*\\(?:toc|tableofcontents)\s*$/
/** Franklin's explicit line break, alone on a line between blocks. */
export const LINE_BREAK_LINE = /^\s*\\\\\s*$/

/** Classes of a Franklin div, namespaced so they cannot borrow the site's own class names. */
export function divClassName(spec: string): string {
  return spec
    .split(',')
    .map((c) => 'md-' + c.toLowerCase())
    .join(' ')
}

/**
 * Whether a `~~~` fence is Franklin raw HTML rather than a code block: it has no language and
 * holds markup (`~~~` then `<div …>`), or the HTML starts on the fence line itself.
 */
export function isRawHtmlFence(rest: string, body: string[]): boolean {
  const info = rest.trim()
  if (info !== '') return /<[A-Za-z!/]/.test(info) && !/^[\w+#.-]+$/.test(info.split(/\s/)[0] ?? '')
  const first = body.find((line) => line.trim() !== '')
  return first !== undefined && /^\s*<[A-Za-z!/]/.test(first)
}

/**
 * The lines of a raw block as one CommonMark HTML block: a `<div>` holding a stash marker for
 * the HTML itself, so no part of it is read as markdown (indented SVG would otherwise turn into
 * a code block, a blank line would end the HTML block).
 */
export function rawHtmlBlock(
  rest: string,
  body: string[],
  stash: Stash,
  variables: ReadonlyMap<string, string>,
): string[] {
  const lines = (rest.trim() ? [rest] : []).concat(body)
  const html = lines.map((line) => fillTemplateCalls(line, variables)).join('\n')
  return ['', '<div>', stash.put(html), '</div>', '']
}

/**
 * `{{base}}`, `{{fill title}}`: Franklin/Liquid template calls. A page variable set in the
 * essay's own metadata is filled in; anything else only the original site could expand, so it
 * is removed.
 */
export function fillTemplateCall(call: string, variables: ReadonlyMap<string, string>): string {
  const words = call.trim().split(/\s+/)
  const name = words[0] === 'fill' ? words[1] : words.length === 1 ? words[0] : undefined
  return (name !== undefined && variables.get(name)) || ''
}

/** `fillTemplateCall` for every `{{…}}` in a line of raw HTML. */
export function fillTemplateCalls(line: string, variables: ReadonlyMap<string, string>): string {
  return line.includes('{{')
    ? line.replace(/\{\{([^{}\n]*)\}\}/g, (_all, call: string) => fillTemplateCall(call, variables))
    : line
}
