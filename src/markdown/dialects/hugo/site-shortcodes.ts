import { HUGO_SHORTCODE_NAMES } from './shortcodes.js'
import {
  fillTemplate,
  parseTemplate,
  placesInner,
  splitArguments,
  type ShortcodePage,
  type Template,
} from './shortcode-template.js'

export type { ShortcodePage } from './shortcode-template.js'

/**
 * A Hugo site's own shortcodes, filled in from `layouts/shortcodes/NAME.html` when the template
 * only puts arguments, the page's name and the call's content into HTML (shortcode-template.ts).
 * Hugo runs a Go template; here only those substitutions are, and a template with any other
 * action (`range`, `partial`, most pipes) is left for remark-hugo to drop with its warning.
 *
 * - one-line calls: `{{% img solve png %}}` with `img.html` holding
 *   `<img src="/post_img/{{ $.Page.File.BaseFileName }}/{{ .Get 0 }}.{{ .Get 1 }}">`;
 * - paired calls whose template places `.Inner`: `{{% theorem %}}…{{% /theorem %}}` with
 *   `<div class="theorem">{{ .Inner }}</div>`. The content is read as markdown in both forms
 *   (`{{% %}}`, where Hugo reads it so, and `{{< >}}`, where it does with `markdownify` and the
 *   site's MathJax typesets its formulas anyway): it stands between blank lines, so CommonMark
 *   reads it as markdown and not as part of the template's HTML block.
 */
export function expandSiteShortcodes(
  markdown: string,
  readTemplate: (ref: string) => string | null,
  page: ShortcodePage,
): string {
  if (!markdown.includes('{{')) return markdown
  const templates = new Map<string, Template | null>()
  const templateOf = (name: string): Template | null => {
    if (!templates.has(name)) templates.set(name, parseTemplate(readTemplate(`/layouts/shortcodes/${name}.html`)))
    return templates.get(name) ?? null
  }
  const paired = fillPaired(markdown, templateOf, page)
  // once per name: an essay of many calls is read once for each name, not once per call
  const isPaired = onceByName((name) => closes(paired, name))
  return paired.replace(SHORTCODE, (whole: string, name: string, args: string) => {
    if (HUGO_SHORTCODE_NAMES.has(name) || isPaired(name)) return whole
    const template = templateOf(name)
    if (!template || placesInner(template)) return whole
    // one line, so that it stands where the call stood (inside a sentence, or as its own block)
    return oneLine(fillTemplate(template, splitArguments(args), page).join(''))
  })
}

const onceByName = (test: (name: string) => boolean) => {
  const known = new Map<string, boolean>()
  return (name: string): boolean => {
    if (!known.has(name)) known.set(name, test(name))
    return known.get(name) ?? false
  }
}

/** Whether the essay closes a shortcode of this name: a paired one, whose content is remark-hugo's. */
const closes = (markdown: string, name: string) => new RegExp(`\\{\\{[<%]\\s*/\\s*${name}\\s*[>%]\\}\\}`).test(markdown)

const ARGUMENTS = String.raw`(?:\s+(?:[\w-]+=)?(?:"[^"\n]*"|'[^'\n]*'|\x60[^\x60\n]*\x60|[^\s"'\x60%>}]+))*`
/** A one-line shortcode's call, not a closing one: `{{< name args >}}` or `{{% name args %}}`. */
const SHORTCODE = new RegExp(String.raw`\{\{[<%]\s*([\w-]+)(${ARGUMENTS})\s*[>%]\}\}`, 'g')
/** An opening call (name, arguments) or a closing one (`/`, name). */
const MARKER = new RegExp(String.raw`\{\{[<%]\s*(?:(\/)\s*([\w-]+)|([\w-]+)(${ARGUMENTS}))\s*[>%]\}\}`, 'g')
/** Paired calls nested deeper than this stay as written (hostile input must stay cheap). */
const MAX_NESTING = 16

interface Frame {
  name: string
  /** The opening call as written, and where it starts in the essay. */
  open: string
  start: number
  args: string
  text: string
}

/**
 * Paired calls, innermost first: a call's content is filled in before the call around it, so
 * `{{% theorem %}}…{{% proof %}}…{{% /proof %}}…{{% /theorem %}}` and a shortcode nested in
 * itself pair as Hugo pairs them. One pass with a stack; a closing call without its opening, or
 * an opening never closed, stays as written for remark-hugo.
 */
function fillPaired(markdown: string, templateOf: (name: string) => Template | null, page: ShortcodePage): string {
  if (!/\{\{[<%]\s*\//.test(markdown)) return markdown
  const isPaired = onceByName((name) => closes(markdown, name))
  const stack: Frame[] = [{ name: '', open: '', start: 0, args: '', text: '' }]
  const skipped = new Map<string, number>()
  let pos = 0
  for (const m of markdown.matchAll(MARKER)) {
    const top = stack[stack.length - 1]
    top.text += markdown.slice(pos, m.index)
    pos = m.index + m[0].length
    const name = m[2] ?? m[3]
    if (!m[1]) {
      if (!isPaired(name)) top.text += m[0]
      else if (stack.length > MAX_NESTING) {
        skipped.set(name, (skipped.get(name) ?? 0) + 1)
        top.text += m[0]
      } else stack.push({ name, open: m[0], start: m.index, args: m[4], text: '' })
      continue
    }
    const deeper = skipped.get(name) ?? 0
    let at = stack.length - 1
    while (at > 0 && stack[at].name !== name) at--
    if (deeper > 0 || at === 0) {
      if (deeper > 0) skipped.set(name, deeper - 1)
      top.text += m[0]
      continue
    }
    // openings above the one closed here were never closed: they stay as written
    while (stack.length - 1 > at) {
      const open = stack.pop() as Frame
      stack[stack.length - 1].text += open.open + open.text
    }
    const frame = stack.pop() as Frame
    const indent = endsLine(markdown, pos) ? indentBefore(markdown, frame.start) : null
    stack[stack.length - 1].text += fillPair(frame, m[0], templateOf(name), page, indent)
  }
  while (stack.length > 1) {
    const open = stack.pop() as Frame
    stack[stack.length - 1].text += open.open + open.text
  }
  return stack[0].text + markdown.slice(pos)
}

function fillPair(
  frame: Frame,
  close: string,
  template: Template | null,
  page: ShortcodePage,
  indent: string | null,
): string {
  if (HUGO_SHORTCODE_NAMES.has(frame.name) || !template || !placesInner(template))
    return frame.open + frame.text + close
  const pieces = fillTemplate(template, splitArguments(frame.args), page).map(oneLine)
  const inner = frame.text
  // inside a sentence: the template's HTML around the content, inline
  if (indent === null && !inner.includes('\n')) return pieces.join(inner.trim())
  // The template's HTML each on a line of its own and the content between blank lines, at the
  // call's indentation (inside a list item, it stays in the item).
  const at = indent ?? ''
  const content = inner
    .replace(/^[ \t]*\n/, '')
    .replace(/\n[ \t]*$/, '')
    .replace(/^(?=\S)/, at)
  const html = pieces.map((piece) => (piece ? at + piece : ''))
  return `\n\n${html.join(`\n\n${content}\n\n`)}\n\n`
}

/** The call's indentation when it starts its line (only spaces before it), else null. */
function indentBefore(text: string, at: number): string | null {
  const from = Math.max(0, at - 200)
  return (from === 0 ? /(?:^|\n)([ \t]*)$/ : /\n([ \t]*)$/).exec(text.slice(from, at))?.[1] ?? null
}
const endsLine = (text: string, at: number) => /^[ \t]*(?:\n|$)/.test(text.slice(at, at + 200))

const oneLine = (html: string) => html.trim().replace(/\s*\n\s*/g, ' ')
