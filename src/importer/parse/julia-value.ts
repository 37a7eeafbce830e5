/**
 * A reader for the Julia literals Franklin sites put in `@def` lines and `+++` blocks:
 * strings ("…" and """…"""), numbers, true/false/nothing, arrays, tuples, symbols and
 * `Date(y, m, d)`. It evaluates nothing; any other expression is reported as unreadable.
 */

export type JuliaValue = string | number | boolean | null | JuliaValue[]

/** Thrown internally when the text is not a literal we understand. */
class NotALiteral extends Error {}

/** The value of a Julia literal, or `undefined` when `source` is not one. Dates become ISO strings. */
export function parseJuliaValue(source: string): JuliaValue | undefined {
  const reader = new Reader(source)
  try {
    const value = reader.value()
    reader.skipSpace()
    return reader.atEnd() ? value : undefined
  } catch (error) {
    if (error instanceof NotALiteral) return undefined
    throw error
  }
}

class Reader {
  private pos = 0
  private depth = 0

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length
  }

  skipSpace(): void {
    for (;;) {
      const ch = this.text[this.pos]
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') this.pos++
      else if (ch === '#') {
        const end = this.text.indexOf('\n', this.pos)
        this.pos = end < 0 ? this.text.length : end
      } else return
    }
  }

  value(): JuliaValue {
    this.skipSpace()
    const rest = this.text.slice(this.pos, this.pos + 9)
    const ch = this.text[this.pos]
    if (rest.startsWith('"""')) return this.tripleString()
    if (ch === '"') return this.string()
    if (ch === '[') return this.sequence('[', ']')
    if (ch === '(') return this.tuple()
    if (ch === ':' && /[A-Za-z_]/.test(this.text[this.pos + 1] ?? '')) {
      this.pos++
      return this.identifier()
    }
    if (ch !== undefined && /[-+0-9.]/.test(ch)) return this.number()
    if (ch !== undefined && /[A-Za-z_]/.test(ch)) return this.word()
    throw new NotALiteral()
  }

  private string(): string {
    this.pos++
    let out = ''
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos++]
      if (ch === '"') return out
      if (ch === '\\') out += this.escape()
      else out += ch
    }
    throw new NotALiteral()
  }

  /** Julia drops a newline right after the opening quotes and the common indentation. */
  private tripleString(): string {
    const start = this.pos + 3
    const end = this.text.indexOf('"""', start)
    if (end < 0) throw new NotALiteral()
    this.pos = end + 3
    let raw = this.text.slice(start, end)
    if (raw.startsWith('\n')) raw = raw.slice(1)
    return unescapeJulia(dedent(raw))
  }

  private escape(): string {
    const ch = this.text[this.pos++]
    switch (ch) {
      case 'n':
        return '\n'
      case 't':
        return '\t'
      case 'r':
        return '\r'
      case undefined:
        throw new NotALiteral()
      default:
        return ch
    }
  }

  private sequence(open: string, close: string): JuliaValue[] {
    this.enter()
    this.pos += open.length
    const items: JuliaValue[] = []
    for (;;) {
      this.skipSpace()
      if (this.text[this.pos] === close) {
        this.pos++
        this.depth--
        return items
      }
      items.push(this.value())
      this.skipSpace()
      const sep = this.text[this.pos]
      if (sep === ',' || sep === ';') this.pos++
      else if (sep !== close) throw new NotALiteral()
    }
  }

  /** `(x)` is just x in Julia; `(x,)` and `(x, y)` are tuples, read as arrays. */
  private tuple(): JuliaValue {
    const start = this.pos
    const items = this.sequence('(', ')')
    const inner = this.text.slice(start + 1, this.pos - 1)
    return items.length === 1 && !/,\s*$/.test(inner) ? items[0] : items
  }

  private number(): number {
    const match = /^[-+]?(?:\d[\d_]*(?:\.\d[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?/.exec(
      this.text.slice(this.pos, this.pos + 64),
    )
    if (!match) throw new NotALiteral()
    this.pos += match[0].length
    const value = Number(match[0].replace(/_/g, ''))
    if (!Number.isFinite(value)) throw new NotALiteral()
    return value
  }

  private identifier(): string {
    const match = /^[A-Za-z_][A-Za-z0-9_!.]*/.exec(this.text.slice(this.pos, this.pos + 200))
    if (!match) throw new NotALiteral()
    this.pos += match[0].length
    return match[0]
  }

  private word(): JuliaValue {
    const name = this.identifier()
    if (name === 'true') return true
    if (name === 'false') return false
    if (name === 'nothing' || name === 'missing') return null
    if (/^(Dates\.)?(Date|DateTime)$/.test(name) && this.text[this.pos] === '(') return this.dateCall()
    throw new NotALiteral()
  }

  private dateCall(): string {
    const parts = this.sequence('(', ')')
    if (parts.length < 1 || parts.length > 6 || !parts.every((p) => typeof p === 'number' && Number.isInteger(p))) {
      throw new NotALiteral()
    }
    const [y, m = 1, d = 1, h, mi = 0, s = 0] = parts as number[]
    const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`
    return h === undefined ? date : `${date}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}Z`
  }

  private enter(): void {
    // Deeply nested brackets in a hostile file must not overflow the stack.
    if (++this.depth > 64) throw new NotALiteral()
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

function dedent(text: string): string {
  const lines = text.split('\n')
  let indent = Infinity
  for (const line of lines) {
    if (!line.trim()) continue
    indent = Math.min(indent, line.length - line.trimStart().length)
  }
  if (!Number.isFinite(indent) || indent === 0) return text
  return lines.map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length))).join('\n')
}

function unescapeJulia(text: string): string {
  return text.replace(/\\(["\\$])/g, '$1')
}
