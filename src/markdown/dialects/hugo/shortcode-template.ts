/** What a site's own shortcode template may read of the page it stands in. */
export interface ShortcodePage {
  /** The essay's file name without its extension (Hugo's `.File.BaseFileName`). */
  baseFileName: string
  /** The essay's title (`.Page.Title`). */
  title?: string
}

/** A call's arguments: `{{< name a b >}}` or `{{< name key="v" >}}`. */
export interface ShortcodeArguments {
  positional: string[]
  named: Map<string, string>
}

/**
 * A substitution template: text, the call's arguments, the page's name and title, the content of
 * a paired call (`.Inner`), and `{{ with .Get "x" }}…{{ . }}…{{ end }}` / `{{ if .Get "x" }}…{{ end }}`
 * around any of them. Nothing else of Go's template language is read.
 */
export type Template = Part[]
type Argument = number | string
type Part =
  | string
  | { get: Argument }
  | { page: 'name' | 'title' }
  | { dot: true }
  | { inner: true }
  | { when: Argument; bind: boolean; body: Part[] }

const ACTION = /\{\{-?\s*([\s\S]*?)\s*-?\}\}/g
const COMMENT = /\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g
const GET = /^\$?\.Get\s+(?:(\d+)|"([\w-]+)"|`([\w-]+)`)$/
const PAGE_NAME = /^\$?\.Page\.File\.(?:BaseFileName|ContentBaseName)$/
const PAGE_TITLE = /^\$?\.Page\.Title$/
const BLOCK = /^(with|if)\s+(\$?\.Get\s+[\s\S]+)$/
/**
 * `.Inner` through functions that, for a reader, leave it markdown to be read: `markdownify`,
 * `safeHTML`, trimming (`strings.TrimSpace .Inner`, `trim .Inner "\n"`), as a call or a pipe.
 */
const INNER_CALL = /^(?:(?:markdownify|safeHTML|safeHTMLAttr|htmlUnescape|strings\.TrimSpace|chomp)\s+)*\.Inner$/
const INNER_TRIM = /^trim\s+\.Inner\s+"(?:\\n|\\r|\\t| )*"$/
const INNER_PIPE = /^(?:markdownify|safeHTML|safeHTMLAttr|htmlUnescape|strings\.TrimSpace|chomp)$/
const MAX_TEMPLATE = 4000

function isInner(action: string): boolean {
  const [head, ...pipe] = action.replace(/^\((.*)\)$/s, '$1').split(/\s*\|\s*/)
  const call = head.replace(/^\((.*)\)$/s, '$1').trim()
  return (INNER_CALL.test(call) || INNER_TRIM.test(call)) && pipe.every((f) => INNER_PIPE.test(f))
}

function getOf(action: string): Argument | null {
  const m = GET.exec(action)
  return m ? (m[1] !== undefined ? Number(m[1]) : (m[2] ?? m[3])) : null
}

/** The template, or null when it holds an action it does not read (left to remark-hugo's warning). */
export function parseTemplate(source: string | null): Template | null {
  if (!source || source.length > MAX_TEMPLATE) return null
  const text = source.replace(COMMENT, '')
  const blocks: { body: Part[]; bind: boolean }[] = [{ body: [], bind: false }]
  let last = 0
  for (const m of text.matchAll(ACTION)) {
    const top = blocks[blocks.length - 1]
    top.body.push(text.slice(last, m.index))
    last = m.index + m[0].length
    const action = m[1].trim()
    const get = getOf(action)
    const block = BLOCK.exec(action)
    const when = block ? getOf(block[2].trim()) : null
    if (get !== null) top.body.push({ get })
    else if (PAGE_NAME.test(action)) top.body.push({ page: 'name' })
    else if (PAGE_TITLE.test(action)) top.body.push({ page: 'title' })
    else if (isInner(action)) top.body.push({ inner: true })
    else if (action === '.' && blocks.some((b) => b.bind)) top.body.push({ dot: true })
    else if (block && when !== null) {
      const part = { when, bind: block[1] === 'with', body: [] as Part[] }
      top.body.push(part)
      blocks.push(part)
    } else if (action === 'end' && blocks.length > 1) blocks.pop()
    else return null
  }
  if (blocks.length > 1) return null
  blocks[0].body.push(text.slice(last))
  return blocks[0].body
}

/** Whether the template places a paired call's content. */
export function placesInner(template: Template): boolean {
  return template.some((p) => typeof p !== 'string' && ('inner' in p || ('body' in p && placesInner(p.body))))
}

/**
 * The template filled in, cut where the call's content goes: `[before, after]` for
 * `<details>…{{ .Inner }}…</details>`, one piece for a template without `.Inner`. Arguments are
 * HTML-escaped, as Go's html/template escapes them.
 */
export function fillTemplate(template: Template, args: ShortcodeArguments, page: ShortcodePage): string[] {
  const pieces = ['']
  const value = (a: Argument) => (typeof a === 'number' ? args.positional[a] : args.named.get(a)) ?? ''
  const walk = (parts: Part[], dot: string): void => {
    for (const part of parts) {
      if (typeof part === 'string') pieces[pieces.length - 1] += part
      else if ('inner' in part) pieces.push('')
      else if ('body' in part) {
        const v = value(part.when)
        if (v !== '') walk(part.body, part.bind ? v : dot)
      } else {
        const text = 'dot' in part ? dot : 'get' in part ? value(part.get) : pageValue(part.page, page)
        pieces[pieces.length - 1] += escapeHtml(text)
      }
    }
  }
  walk(template, '')
  return pieces
}

const pageValue = (which: 'name' | 'title', page: ShortcodePage) =>
  which === 'name' ? page.baseFileName : (page.title ?? '')

export function splitArguments(args: string): ShortcodeArguments {
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
