import type { Nodes } from 'mdast'
import { collapseWhitespace, stripEmphasis, TextProtector } from './plain-text.js'

/** d2l references whose label is the only readable trace of them in plain text. */
const REFERENCE_DIRECTIVES = new Set(['numref', 'eqref', 'ref'])

/**
 * Phrasing content as plain text: links keep their text, emphasis markers go, inline code and
 * math (in `$…$`) are kept exactly, images, raw HTML and footnote markers disappear, d2l
 * `:cite:`/`:label:` directives are dropped and `:numref:`/`:eqref:` keep their label.
 * `clean` runs on the prose before code and math are put back.
 */
export function plainText(nodes: readonly Nodes[], clean: (raw: string) => string = (raw) => raw): string {
  const protector = new TextProtector()
  const raw = inlineText(nodes, protector)
  return collapseWhitespace(protector.restore(stripEmphasis(clean(raw))))
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
          out += typographicDashes(TextProtector.clean(node.value.slice(0, directive.index)))
          if (REFERENCE_DIRECTIVES.has(directive[1])) out += protector.protect(next.value)
          // "probabilities :cite:`x`, with" must not read "probabilities , with".
          else if (/^[,.;:!?)]/.test(textAt(nodes[i + 2]))) out = out.trimEnd()
          i++
        } else {
          out += typographicDashes(TextProtector.clean(node.value))
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
