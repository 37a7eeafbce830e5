import type { Nodes } from 'mdast'
import { collapseWhitespace, stripEmphasis, TextProtector } from '../../text/plain-text.js'

/** d2l references whose label is the only readable trace of them in plain text. */
const REFERENCE_DIRECTIVES = new Set(['numref', 'eqref', 'ref'])

/**
 * Phrasing content as plain text: links keep their text, emphasis markers go, inline code and
 * math (in `$…$`) are kept exactly, images, raw HTML and footnote markers disappear, d2l
 * `:cite:`/`:label:` directives are dropped and `:numref:`/`:eqref:` read as words (or go,
 * when bracketed).
 * `clean` runs on the prose before code and math are put back.
 */
export function plainText(nodes: readonly Nodes[], clean: (raw: string) => string = (raw) => raw): string {
  const protector = new TextProtector()
  const raw = inlineText(nodes, protector)
  return collapseWhitespace(protector.restore(dropBracketedReferences(stripEmphasis(clean(raw)))))
}

/** Where a d2l reference was, around its (protected) readable form: see referenceText. */
const REF_OPEN = '\uE005'
const REF_CLOSE = '\uE006'

/**
 * A reference in brackets, "(:numref:`fig_circle_area`)", is an aside the sentence reads well
 * without; one in the sentence ("In :numref:`sec_softmax`, we…") keeps its readable form.
 */
function dropBracketedReferences(text: string): string {
  if (!text.includes(REF_OPEN)) return text
  return text.replace(/\s*\(\s*\uE005[^\uE006]*\uE006\s*\)/g, '').replace(/[\uE005\uE006]/g, '')
}

/**
 * A d2l label as a reader would say it: `sec_softmax_scratch` → "the section on softmax
 * scratch", `fig_x` → "the figure". The label itself is the book's internal name, never prose.
 */
function referenceText(directive: string, label: string): string {
  if (directive === 'eqref') return 'the equation'
  const m = /^(subsec|sec|chap|fig|eq|tab|tbl)[_:-](.*)$/.exec(label)
  const words = (m ? m[2] : label).replace(/[_:-]+/g, ' ').trim()
  switch (m?.[1]) {
    case 'sec':
    case 'subsec':
      return readable(words) ? `the section on ${words}` : 'another section'
    case 'chap':
      return readable(words) ? `the chapter on ${words}` : 'another chapter'
    case 'fig':
      return 'the figure'
    case 'eq':
      return 'the equation'
    case 'tab':
    case 'tbl':
      return 'the table'
    default:
      return words
  }
}

function inlineText(nodes: readonly Nodes[], protector: TextProtector): string {
  let out = ''
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]
    switch (node.type) {
      case 'text': {
        const next = nodes[i + 1]
        const directive = /:([a-z_]+):$/.exec(node.value)
        if (directive && next?.type === 'inlineCode') {
          out += typographicDashes(cleanText(node.value.slice(0, directive.index)))
          if (REFERENCE_DIRECTIVES.has(directive[1]))
            out += REF_OPEN + protector.protect(referenceText(directive[1], next.value.trim())) + REF_CLOSE
          // "probabilities :cite:`x`, with" must not read "probabilities , with".
          else if (/^[,.;:!?)]/.test(textAt(nodes[i + 2]))) out = out.trimEnd()
          i++
        } else {
          out += typographicDashes(cleanText(node.value))
        }
        break
      }
      case 'inlineCode':
        out += protector.protect(node.value)
        break
      case 'inlineMath':
        out += protector.protect(`$${node.value}$`)
        break
      case 'break':
        out += ' '
        break
      case 'image':
      case 'imageReference':
      case 'footnoteReference':
      case 'html':
        break
      default:
        if ('children' in node) out += inlineText(node.children, protector)
    }
  }
  return out
}

/** Label words that read as a topic ("linear regression"), not an abbreviation ("gd", "rnn"). */
function readable(words: string): boolean {
  return words !== '' && words.split(' ').every((word) => word.length >= 4)
}

/** Text without the private-use characters this module and TextProtector mark things with. */
function cleanText(text: string): string {
  return TextProtector.clean(text).replace(/[\uE005\uE006]/g, '')
}

/** TeX-style dashes in prose ("a --- b", "encoder--decoder") as the dashes they stand for. */
function typographicDashes(text: string): string {
  if (!text.includes('--')) return text
  return text.replace(/(?<!-)---(?!-)/g, '—').replace(/(?<=[\p{L}\p{N}])--(?=[\p{L}\p{N}])/gu, '–')
}

function textAt(node: Nodes | undefined): string {
  return node?.type === 'text' ? node.value : ''
}

/** Removes every `open…close` span; an unclosed `open` is left as written. */
export function removeDelimited(text: string, open: string, close: string): string {
  if (!text.includes(open)) return text
  let out = ''
  let from = 0
  for (;;) {
    const start = text.indexOf(open, from)
    if (start < 0) return out + text.slice(from)
    const end = text.indexOf(close, start + open.length)
    if (end < 0) return out + text.slice(from)
    out += text.slice(from, start) + ' '
    from = end + close.length
  }
}
