/**
 * Just enough of R's syntax to read what a knitr chunk computes without running it
 * (r-evaluate.ts): its tokens, its top-level statements, and an expression tree for what is made
 * of literals, names, calls, indexing and arithmetic. What it does not know (`function`, `if`,
 * braces, pipes into calls) does not parse, and is left to the caller as code it cannot evaluate.
 */

export type RToken = { t: 'str'; v: string } | { t: 'num'; v: number } | { t: 'id'; v: string } | { t: 'op'; v: string }

export type RExpr =
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'id'; name: string }
  /** A call of a function named (`file.path`, `knitr::include_graphics`, its package kept). */
  | { k: 'call'; fn: string; args: RArg[] }
  | { k: 'index'; x: RExpr; args: RArg[]; double: boolean }
  /** An operator: unary with one argument, else binary; `->` is read as `<-` the other way round. */
  | { k: 'op'; op: string; args: RExpr[] }

/** An argument, `name = value` or positional; a missing value (`x[]`, `f(a, )`) is null. */
export interface RArg {
  name: string | null
  value: RExpr | null
}

const IDENT = /[A-Za-z\u00C0-\uFFFF][\w.\u00C0-\uFFFF]*|\.(?![0-9])[\w.\u00C0-\uFFFF]*/y
const NUMBER = /0[xX][0-9a-fA-F]+L?|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[Li]?/y
const OPERATOR = /<<-|->>|:::|::|<-|->|<=|>=|==|!=|&&|\|\||\|>|%[^%\n]*%|[-+*/^<>!&|~?:=$@()[\]{},;\\]/y
const RAW_STRING = /[rR](["'])(-*)([([{])/y
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '\\': '\\',
  '"': '"',
  "'": "'",
  '`': '`',
}
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' }

/** R code's tokens, newlines kept as `;`-like `\n` operators; null when it holds what R would not read. */
export function tokenize(code: string): RToken[] | null {
  const tokens: RToken[] = []
  let i = 0
  let raw: RegExpExecArray | null
  let word: RegExpExecArray | null
  const at = (re: RegExp): RegExpExecArray | null => ((re.lastIndex = i), re.exec(code))
  while (i < code.length) {
    const c = code[i]
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') i++
    else if (c === '#') while (i < code.length && code[i] !== '\n') i++
    else if (c === '\n') {
      tokens.push({ t: 'op', v: '\n' })
      i++
    } else if (c === '"' || c === "'" || c === '`') {
      let value = ''
      let j = i + 1
      for (; j < code.length && code[j] !== c; j++) {
        if (code[j] !== '\\') value += code[j]
        else if (ESCAPES[code[j + 1]] !== undefined) value += ESCAPES[code[++j]]
        else return null
      }
      if (j >= code.length) return null
      tokens.push(c === '`' ? { t: 'id', v: value } : { t: 'str', v: value })
      i = j + 1
    } else if ((raw = at(RAW_STRING))) {
      const [whole, quote, dashes, open] = raw
      const end = code.indexOf(CLOSING[open] + dashes + quote, i + whole.length)
      if (end < 0) return null
      tokens.push({ t: 'str', v: code.slice(i + whole.length, end) })
      i = end + dashes.length + 2
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      const m = at(NUMBER)
      if (!m || m[0].endsWith('i')) return null
      tokens.push({ t: 'num', v: Number(m[0].replace(/L$/, '')) })
      i += m[0].length
    } else if ((word = at(IDENT))) {
      tokens.push({ t: 'id', v: word[0] })
      i += word[0].length
    } else {
      const m = at(OPERATOR)
      if (!m) return null
      tokens.push({ t: 'op', v: m[0] })
      i += m[0].length
    }
  }
  return tokens
}

/** Operators after which a line goes on (`x <-` ⏎ `"a"`). */
const BINARY = new Set(['<-', '<<-', '->', '->>', '=', '+', '-', '*', '/', '^', ':', '~', '?', '|>', '&', '&&', '|'])
const HEADERS = new Set(['if', 'for', 'while', 'function', '\\'])

/** The top-level statements of tokenized code, as R reads them: one a line unless a bracket or an operator goes on. */
export function statements(tokens: readonly RToken[]): RToken[][] {
  const out: RToken[][] = []
  let current: RToken[] = []
  const opened: string[] = []
  /** An `if (…)`/`function(…)` header just closed, whose body may follow on the next line. */
  let header = false
  let headerDepth = -1
  for (const token of tokens) {
    const v = token.t === 'op' ? token.v : null
    if ((v === '\n' || v === ';') && opened.length === 0) {
      const last = current[current.length - 1]
      const goesOn =
        v === '\n' && (header || (last?.t === 'op' && (BINARY.has(last.v) || last.v.startsWith('%'))) || isElse(last))
      if (!goesOn && current.length > 0) {
        out.push(current)
        current = []
      }
      continue
    }
    if (v === '\n') continue
    const before = current[current.length - 1]
    current.push(token)
    header = false
    if (v === '(' || v === '[' || v === '{') {
      if (v === '(' && before && ((before.t === 'id' && HEADERS.has(before.v)) || isOp(before, '\\')))
        headerDepth = opened.length
      opened.push(v)
    } else if (v === ')' || v === ']' || v === '}') {
      opened.pop()
      if (v === ')' && opened.length === headerDepth) {
        header = true
        headerDepth = -1
      }
    } else if (token.t === 'id' && (token.v === 'else' || token.v === 'repeat')) header = true
  }
  if (current.length > 0) out.push(current)
  return out
}

function isElse(token: RToken | undefined): boolean {
  return token?.t === 'id' && token.v === 'else'
}

function isOp(token: RToken | undefined, v: string): boolean {
  return token?.t === 'op' && token.v === v
}

/** Binding powers of binary operators (R's precedence, ?Syntax), and whether they group to the right. */
const POWER: Record<string, [number, boolean]> = {
  '?': [1, false],
  '=': [2, true],
  '<-': [3, true],
  '<<-': [3, true],
  '->': [4, false],
  '->>': [4, false],
  '~': [5, false],
  '||': [6, false],
  '|': [6, false],
  '&&': [7, false],
  '&': [7, false],
  '==': [9, false],
  '!=': [9, false],
  '<': [9, false],
  '>': [9, false],
  '<=': [9, false],
  '>=': [9, false],
  '+': [10, false],
  '-': [10, false],
  '*': [11, false],
  '/': [11, false],
  '|>': [12, false],
  ':': [13, false],
  '^': [15, true],
  $: [16, false],
  '@': [16, false],
}
const UNARY: Record<string, number> = { '-': 14, '+': 14, '!': 8, '~': 5, '?': 1 }
const MAX_DEPTH = 100
const KEYWORDS = new Set(['if', 'else', 'for', 'while', 'repeat', 'function', 'break', 'next', 'in'])

/** A statement's expression tree, or null when it is more than r-syntax reads. */
export function parseStatement(tokens: readonly RToken[]): RExpr | null {
  const parser = new Parser(tokens.filter((t) => !isOp(t, '\n')))
  const expr = parser.expression(0)
  return expr && parser.done() ? expr : null
}

class Parser {
  private i = 0
  /** Expressions open around the one being read: past MAX_DEPTH, code no figure path needs. */
  private depth = 0
  constructor(private readonly tokens: readonly RToken[]) {}

  done(): boolean {
    return this.i === this.tokens.length
  }

  expression(min: number): RExpr | null {
    if (this.depth >= MAX_DEPTH) return null
    this.depth++
    const expr = this.operators(min)
    this.depth--
    return expr
  }

  private operators(min: number): RExpr | null {
    let left = this.prefix()
    while (left) {
      const token = this.tokens[this.i]
      if (!token || token.t !== 'op') break
      if (token.v === '(' || token.v === '[') {
        left = this.postfix(left, token.v)
        continue
      }
      const power = POWER[token.v] ?? (token.v.startsWith('%') && token.v.length > 1 ? ([12, false] as const) : null)
      if (!power || power[0] < min) break
      this.i++
      const right = this.expression(power[1] ? power[0] : power[0] + 1)
      if (!right) return null
      left =
        token.v === '->' || token.v === '->>'
          ? { k: 'op', op: token.v === '->' ? '<-' : '<<-', args: [right, left] }
          : { k: 'op', op: token.v, args: [left, right] }
    }
    return left
  }

  private prefix(): RExpr | null {
    const token = this.tokens[this.i++]
    if (!token) return null
    if (token.t === 'str') return { k: 'str', v: token.v }
    if (token.t === 'num') return { k: 'num', v: token.v }
    if (token.t === 'id') {
      if (KEYWORDS.has(token.v)) return null
      const ns = this.tokens[this.i]
      const name = this.tokens[this.i + 1]
      if ((isOp(ns, '::') || isOp(ns, ':::')) && name?.t === 'id') {
        this.i += 2
        return { k: 'id', name: `${token.v}::${name.v}` }
      }
      return { k: 'id', name: token.v }
    }
    if (token.v === '(') {
      const inner = this.expression(0)
      return inner && isOp(this.tokens[this.i++], ')') ? inner : null
    }
    const power = UNARY[token.v]
    if (power === undefined) return null
    const operand = this.expression(power)
    return operand ? { k: 'op', op: token.v, args: [operand] } : null
  }

  private postfix(left: RExpr, open: '(' | '['): RExpr | null {
    this.i++
    const double = open === '[' && isOp(this.tokens[this.i], '[')
    if (double) this.i++
    const close = open === '(' ? ')' : ']'
    const args = this.args(close)
    if (!args || (double && !isOp(this.tokens[this.i++], ']'))) return null
    if (open === '[') return { k: 'index', x: left, args, double }
    return left.k === 'id' ? { k: 'call', fn: left.name, args } : null
  }

  /** Arguments up to the closing bracket, which is consumed. */
  private args(close: string): RArg[] | null {
    const args: RArg[] = []
    if (isOp(this.tokens[this.i], close)) return (this.i++, args)
    for (;;) {
      const token = this.tokens[this.i]
      let name: string | null = null
      if ((token?.t === 'id' || token?.t === 'str') && isOp(this.tokens[this.i + 1], '=')) {
        name = token.v
        this.i += 2
      }
      const next = this.tokens[this.i]
      const value = isOp(next, ',') || isOp(next, close) ? null : this.expression(3)
      if (value === null && !(isOp(next, ',') || isOp(next, close))) return null
      args.push({ name, value })
      const after = this.tokens[this.i++]
      if (isOp(after, close)) return args
      if (!isOp(after, ',')) return null
    }
  }
}
