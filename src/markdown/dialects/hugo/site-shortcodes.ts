import { HUGO_SHORTCODE_NAMES } from './shortcodes.js'

/** What a site's own shortcode template may read of the page it stands in. */
export interface ShortcodePage {
  /** The essay's file name without its extension (Hugo's `.File.BaseFileName`). */
  baseFileName: string
  /** The essay's title (`.Page.Title`). */
  title?: string
}

/**
 * A Hugo site's own one-line shortcodes (`{{% img solve png %}}` with `layouts/shortcodes/img.html`
 * holding `<img src="/post_img/{{ $.Page.File.BaseFileName }}/{{ .Get 0 }}.{{ .Get 1 }}">`) are
 * filled in, when their template only puts arguments and the page's name into HTML. Hugo runs a
 * Go template; here only those substitutions are, and a template with any other action (`if`,
 * `range`, `partial`, a pipe) is left for remark-hugo to drop with its warning. Arguments are
 * HTML-escaped, as Go's html/template escapes them.
 */
export function expandSiteShortcodes(
  markdown: string,
  readTemplate: (ref: string) => string | null,
  page: ShortcodePage,
): string {
  if (!markdown.includes('{{')) return markdown
  const templates = new Map<string, Template | null>()
  // once per name: an essay of many calls is read once for each name, not once per call
  const paired = new Map<string, boolean>()
  const isPaired = (name: string): boolean => {
    if (!paired.has(name)) paired.set(name, closes(markdown, name))
    return paired.get(name) ?? false
  }
  const templateOf = (name: string): Template | null => {
    if (!templates.has(name)) templates.set(name, parseTemplate(readTemplate(`/layouts/shortcodes/${name}.html`)))
    return templates.get(name) ?? null
  }
  return markdown.replace(SHORTCODE, (whole: string, name: string, args: string) => {
    if (HUGO_SHORTCODE_NAMES.has(name) || isPaired(name)) return whole
    const template = templateOf(name)
    return template ? fill(template, splitArguments(args), page) : whole
  })
}

/** Whether the essay closes a shortcode of this name: a paired one, whose content is remark-hugo's. */
const closes = (markdown: string, name: string) => new RegExp(`\\{\\{[<%]\\s*/\\s*${name}\\s*[>%]\\}\\}`).test(markdown)

/** A one-line shortcode's call, not a closing one: `{{< name args >}}` or `{{% name args %}}`. */
const SHORTCODE = /\{\{[<%]\s*([\w-]+)((?:\s+(?:[\w-]+=)?(?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|[^\s"'`%>}]+))*)\s*[>%]\}\}/g
const ACTION = /\{\{-?\s*([\s\S]*?)\s*-?\}\}/g
const COMMENT = /\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g
/** The actions a substitution template may hold. */
const GET = /^\.Get\s+(?:(\d+)|"([\w-]+)"|`([\w-]+)`)$/
const PAGE_NAME = /^\$?\.Page\.File\.(?:BaseFileName|ContentBaseName)$/
const PAGE_TITLE = /^\$?\.Page\.Title$/
const MAX_TEMPLATE = 4000

type Part = string | { get: number | string } | { page: 'name' | 'title' }
type Template = Part[]

function parseTemplate(source: string | null): Template | null {
  if (!source || source.length > MAX_TEMPLATE) return null
  const text = source.replace(COMMENT, '')
  const parts: Template = []
  let last = 0
  for (const m of text.matchAll(ACTION)) {
    parts.push(text.slice(last, m.index))
    const action = m[1].trim()
    const get = GET.exec(action)
    if (get) parts.push({ get: get[1] !== undefined ? Number(get[1]) : (get[2] ?? get[3]) })
    else if (PAGE_NAME.test(action)) parts.push({ page: 'name' })
    else if (PAGE_TITLE.test(action)) parts.push({ page: 'title' })
    else return null
    last = m.index + m[0].length
  }
  parts.push(text.slice(last))
  return parts
}

function fill(
  template: Template,
  args: { positional: string[]; named: Map<string, string> },
  page: ShortcodePage,
): string {
  const html = template
    .map((part) => {
      if (typeof part === 'string') return part
      if ('page' in part) return escapeHtml(part.page === 'name' ? page.baseFileName : (page.title ?? ''))
      const value = typeof part.get === 'number' ? args.positional[part.get] : args.named.get(part.get)
      return escapeHtml(value ?? '')
    })
    .join('')
  // one line, so that it stands where the call stood (inside a sentence, or as its own block)
  return html.trim().replace(/\s*\n\s*/g, ' ')
}

function splitArguments(args: string): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = []
  const named = new Map<string, string>()
  for (const m of args.matchAll(/([\w-]+)=("[^"]*"|'[^']*'|`[^`]*`|\S+)|("[^"]*"|'[^']*'|`[^`]*`|\S+)/g)) {
    if (m[1]) named.set(m[1], unquote(m[2]))
    else positional.push(unquote(m[3]))
  }
  return { positional, named }
}

const unquote = (value: string) => (/^(["'`]).*\1$/s.test(value) ? value.slice(1, -1) : value)

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
