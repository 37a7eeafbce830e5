/**
 * Liquid's variables and its tags' layout, as Jekyll meets them: Liquid runs over the whole
 * file before markdown is read, so
 *
 * - `{% capture name %}…{% endcapture %}` and `{% assign name = "…" %}` set a variable and show
 *   nothing; a later tag's unquoted argument (`caption=caption`) or `{{ name }}` reads it
 *   (al-folio posts write long figure captions so: iclr-blogposts 2024's clml post);
 * - a tag may run over several lines, blank ones included, and is still one tag.
 *
 * This pass does just that, on the text, before the line-level reading (`preprocess.ts`), whose
 * tag registry (`./index.ts`) then renders each tag from one line of its own. Code blocks and
 * `{% raw %}…{% endraw %}` are left as written, as is any tag or output naming no variable set here.
 */

/** How far a tag's `%}` may be from its `{%`: farther, the `{%` is a stray one. */
const MAX_TAG = 4000
/** How far a capture's `{% endcapture %}` may be. */
const MAX_CAPTURE = 20000
const FENCE = /^[ \t]*(`{3,}|~{3,})/
const TAG_NAME = /^-?\s*([A-Za-z_]\w*)/
const ASSIGN = /^([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')\s*$/
const END_CAPTURE = /\{%-?\s*endcapture\s*-?%\}/g
const END_RAW = /\{%-?\s*endraw\s*-?%\}/g
const OUTPUT = /\{\{-?\s*([\w-]+)\s*-?\}\}/g

/** `text` with Liquid's captures and assignments applied and every tag on one line. */
export function expandLiquidVariables(text: string): string {
  if (!text.includes('{%')) return text
  const variables = new Map<string, string>()
  const lines = text.split('\n')
  const out: string[] = []
  // Prose between code blocks is read as one piece, so that a tag may span its lines.
  let prose: string[] = []
  let fence: string | null = null
  for (const line of lines) {
    const opened = FENCE.exec(line)
    if (fence === null && opened) {
      out.push(...expandProse(prose.join('\n'), variables).split('\n'))
      prose = []
      fence = opened[1]
      out.push(line)
    } else if (fence !== null) {
      out.push(line)
      if (opened && opened[1][0] === fence[0] && opened[1].length >= fence.length && line.trim() === opened[1])
        fence = null
    } else prose.push(line)
  }
  if (fence === null) out.push(...expandProse(prose.join('\n'), variables).split('\n'))
  else out.push(...prose)
  return out.join('\n')
}

/** One stretch of prose: tags in order, each capture or assignment seen before the tags after it. */
function expandProse(text: string, variables: Map<string, string>): string {
  if (!text.includes('{%') && (variables.size === 0 || !text.includes('{{'))) return text
  let out = ''
  let pos = 0
  let from = 0
  // Searches remember what they found, so that many unclosed openers stay linear.
  const closes = new Finder(text, /%\}/g)
  const endCaptures = new Finder(text, END_CAPTURE)
  const endRaws = new Finder(text, END_RAW)
  for (let open = text.indexOf('{%', from); open >= 0; open = text.indexOf('{%', from)) {
    const close = closes.next(open + 2)?.index ?? -1
    if (close < 0 || close - open > MAX_TAG) {
      from = open + 2
      continue
    }
    const inner = text.slice(open + 2, close)
    const tag = TAG_NAME.exec(inner)
    const name = tag?.[1].toLowerCase()
    // The arguments, without the trim marker (`-%}`); sliced, not matched: a tag may be long.
    const args = tag ? inner.slice(tag[0].length).trim().replace(/-$/, '').trimEnd() : ''
    let end = close + 2
    let replacement: string | null = null
    if (name === 'raw') {
      const closing = endRaws.within(end, MAX_CAPTURE)
      // Left as written, to its end: what it holds is not Liquid.
      if (closing) {
        end = closing.index + closing[0].length
        replacement = text.slice(open, end)
      }
    } else if (name === 'capture' && /^[\w-]+$/.test(args)) {
      const closing = endCaptures.within(end, MAX_CAPTURE)
      if (closing) {
        variables.set(args, text.slice(end, closing.index).trim())
        end = closing.index + closing[0].length
        replacement = ''
      }
    } else if (name === 'assign') {
      const assigned = ASSIGN.exec(args)
      if (assigned) {
        variables.set(assigned[1], assigned[2] ?? assigned[3])
        replacement = ''
      }
    } else {
      const flat = oneLine(inner)
      const filled = variables.size > 0 ? fillArguments(flat, variables) : flat
      if (filled !== inner) replacement = `{%${filled}%}`
    }
    if (replacement !== null) {
      out += fillOutputs(text.slice(pos, open), variables) + replacement
      pos = end
    }
    from = end
  }
  return out + fillOutputs(text.slice(pos), variables)
}

/** Matches of one pattern (global) in order, each search starting where the last one's answer still holds. */
class Finder {
  private found: RegExpExecArray | null = null
  private searched = -1
  constructor(
    private readonly text: string,
    private readonly pattern: RegExp,
  ) {}

  /** The first match at or after `from`. */
  next(from: number): RegExpExecArray | null {
    // The last answer stands while `from` has not passed it (or, for none, for any later `from`).
    if (this.searched >= 0 && this.searched <= from && (this.found === null || this.found.index >= from))
      return this.found
    this.pattern.lastIndex = from
    this.found = this.pattern.exec(this.text)
    this.searched = from
    return this.found
  }

  /** The first match at or after `from`, if it starts within `limit` characters. */
  within(from: number, limit: number): RegExpExecArray | null {
    const m = this.next(from)
    return m && m.index - from <= limit ? m : null
  }
}

/** `key=name` arguments naming a variable, given its value as a quoted string. */
function fillArguments(inner: string, variables: ReadonlyMap<string, string>): string {
  return inner.replace(/(?<![\w-])([\w-]+)\s*=\s*([A-Za-z_][\w-]*)(?=\s|-?$)/g, (all, key: string, name: string) => {
    const value = variables.get(name)
    return value === undefined ? all : `${key}=${quoted(value)}`
  })
}

/** A Liquid string holding `value`: in the quotes it does not contain (both: `"` as an entity). */
function quoted(value: string): string {
  const flat = oneLine(value)
  if (!flat.includes('"')) return `"${flat}"`
  if (!flat.includes("'")) return `'${flat}'`
  return `"${flat.replace(/"/g, '&quot;')}"`
}

/** `text`'s lines joined by single spaces (split, not matched: `\s*\n\s*` backtracks on long blanks). */
function oneLine(text: string): string {
  if (!text.includes('\n')) return text
  const joined = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
  // The tag's own spaces inside its braces stay: `{% include x %}`.
  return `${/^\s/.test(text) ? ' ' : ''}${joined}${/\s$/.test(text) ? ' ' : ''}`
}

/** `{{ name }}` of a variable set here: its value. */
function fillOutputs(text: string, variables: ReadonlyMap<string, string>): string {
  if (variables.size === 0 || !text.includes('{{')) return text
  return text.replace(OUTPUT, (all, name: string) => variables.get(name) ?? all)
}
