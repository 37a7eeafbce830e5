import { parseStatement, statements, tokenize, type RArg, type RExpr, type RToken } from './r-syntax.js'

/**
 * What an R Markdown document's chunks compute, where that needs no R: the values its chunks
 * assign, chunk after chunk, as knitr runs them in one session — strings, numbers, `c()`,
 * `file.path()`, `paste()`, `list.files()` of the book's folders, `x[n]`, `x[a:b]`, `x[c(1, 3)]` —
 * so that `knitr::include_graphics(screenshots[85])` names its file as it did when the book was
 * knitted. A value that takes anything else to compute is unknown, and so is every name
 * something might have changed (a function's `<<-`, `source()`, `x[2] <- …`): an unknown value
 * is never guessed.
 */

export type RValue =
  | { type: 'character'; values: string[] }
  | { type: 'double'; values: number[] }
  | { type: 'logical'; values: boolean[] }
  | { type: 'NULL' }

/** The names of the files and folders in a folder (unsorted), or null when it cannot be known. */
export type ListFolder = (path: string) => readonly string[] | null

/** Longest vector computed: past it, something other than a list of figures is being made. */
const MAX_LENGTH = 1000
/** Calls after which any name may have any value. */
const REBINDING = new Set(['assign', 'rm', 'remove', 'source', 'sys.source', 'load', 'attach', 'list2env', 'eval'])
const REBINDING_TOO = new Set(['evalq', 'delayedAssign', 'makeActiveBinding', 'sys.function', 'lockBinding'])

/** One R session of a document: what its chunks assigned so far. */
export class RSession {
  /** Known values, and names whose values are unknown (null). */
  private readonly names = new Map<string, RValue | null>()
  /**
   * Every name the document bound to what it could not know, a function maybe: a call of that name
   * may not be R's own. (R looks a function up past names bound to other values, `c <- 1; c(c, 2)`.)
   */
  private readonly ever = new Set<string>()
  /** Names a function may set at any time with `<<-`: never known again. */
  private readonly volatile = new Set<string>()

  constructor(private readonly listFolder?: ListFolder) {}

  /** Runs a chunk's code: its assignments are remembered, or forgotten when their values cannot be known. */
  run(code: string): void {
    const tokens = tokenize(code)
    if (!tokens) return this.names.clear()
    for (const statement of statements(tokens)) this.statement(statement)
  }

  /** Forgets what a chunk might have assigned, not knowing whether it runs (an `eval` option only R reads). */
  skip(code: string): void {
    const tokens = tokenize(code)
    if (!tokens) return this.names.clear()
    for (const statement of statements(tokens)) this.forget(statement)
  }

  /** The value of an expression, or null when it cannot be known. */
  value(expr: RExpr): RValue | null {
    return evaluate(expr, this)
  }

  lookup(name: string): RValue | null {
    return this.volatile.has(name) ? null : (this.names.get(name) ?? null)
  }

  /** Whether a call of the name may call the document's own function rather than R's. */
  shadowed(name: string): boolean {
    return this.ever.has(name) || this.volatile.has(name)
  }

  /** Whether the document bound the name at all (`T <- 0`). */
  bound(name: string): boolean {
    return this.names.has(name) || this.shadowed(name)
  }

  list(path: string): readonly string[] | null {
    return this.listFolder?.(path) ?? null
  }

  private set(name: string, value: RValue | null): void {
    this.names.set(name, value)
    if (value === null) this.ever.add(name)
  }

  private statement(tokens: RToken[]): void {
    // `a <- b <- value`: each name its value.
    const targets: RExpr[] = []
    let expr = parseStatement(tokens)
    while (expr?.k === 'op' && (expr.op === '<-' || expr.op === '=')) {
      targets.push(expr.args[0])
      expr = expr.args[1]
    }
    const value = targets.length > 0 && expr ? this.value(expr) : null
    const shadowing = new Set(targets.flatMap((t) => (t.k === 'id' && this.ever.has(t.name) ? [t.name] : [])))
    this.forget(tokens)
    for (const target of targets) {
      if (target.k !== 'id') continue
      this.set(target.name, value)
      // Bound to a value now, not a function: the forgetting above made it neither.
      if (value !== null && !shadowing.has(target.name)) this.ever.delete(target.name)
    }
  }

  /** Every name a statement may assign becomes unknown; after `source()`, `rm()` or `load()`, every name. */
  private forget(tokens: readonly RToken[]): void {
    let depth = 0
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]
      const next = tokens[i + 1]
      if (token.t === 'op' && (token.v === '(' || token.v === '[')) depth++
      else if (token.t === 'op' && (token.v === ')' || token.v === ']')) depth--
      else if (token.t === 'id' && (REBINDING.has(token.v) || REBINDING_TOO.has(token.v)) && isOp(next, '(')) {
        // `rm(a, b)` forgets a and b; `rm(list = ls())`, `source(…)`, everything.
        const removed = token.v === 'rm' || token.v === 'remove' ? namesUpToClose(tokens, i + 2) : null
        if (removed) for (const name of removed) this.set(name, null)
        else this.names.clear()
      } else if (token.t === 'op' && (token.v === '<<-' || token.v === '->>')) {
        const name = token.v === '<<-' ? tokens[i - 1] : next
        if (name?.t === 'id') this.volatile.add(name.v)
        if (token.v === '<<-' && (name?.t !== 'id' || isReplacement(tokens[i - 2]))) this.forgetTarget(tokens, i)
      } else if (token.t === 'op' && (token.v === '<-' || token.v === '->' || (token.v === '=' && depth === 0))) {
        const name = token.v === '->' ? next : tokens[i - 1]
        // `x[2] <- …`, `names(x) <- …`, `x$a <- …`: the names before the arrow may have changed.
        if (name?.t === 'id' && (token.v === '->' || !isReplacement(tokens[i - 2]))) this.set(name.v, null)
        else this.forgetTarget(tokens, i)
      } else if (token.t === 'id' && token.v === 'for' && isOp(next, '(') && tokens[i + 2]?.t === 'id')
        this.set((tokens[i + 2] as { v: string }).v, null)
    }
  }

  /** The names before an assignment's arrow, but those of functions called. */
  private forgetTarget(tokens: readonly RToken[], arrow: number): void {
    for (let k = 0; k < arrow; k++) {
      const t = tokens[k]
      if (t.t === 'id' && !isOp(tokens[k + 1], '(') && !isOp(tokens[k - 1], '$') && !isOp(tokens[k - 1], '@'))
        this.set(t.v, null)
    }
  }
}

/** The names listed from `start` up to the closing parenthesis (`a, b)`), or null when it holds more than names. */
function namesUpToClose(tokens: readonly RToken[], start: number): string[] | null {
  const names: string[] = []
  for (let k = start; k < tokens.length; k++) {
    const t = tokens[k]
    if (isOp(t, ')')) return names
    if (t.t === 'id' || t.t === 'str') names.push(t.v)
    if (!(t.t === 'id' || t.t === 'str' || isOp(t, ',')) || isOp(tokens[k + 1], '=')) return null
  }
  return null
}

/** `$x <-`, `@x <-`: an assignment to a part of something else. */
function isReplacement(before: RToken | undefined): boolean {
  return isOp(before, '$') || isOp(before, '@') || isOp(before, '::')
}

function isOp(token: RToken | undefined, v: string): boolean {
  return token?.t === 'op' && token.v === v
}

const chr = (values: string[]): RValue | null => (values.length > MAX_LENGTH ? null : { type: 'character', values })
const dbl = (values: number[]): RValue | null => (values.length > MAX_LENGTH ? null : { type: 'double', values })

function evaluate(expr: RExpr, session: RSession): RValue | null {
  switch (expr.k) {
    case 'str':
      return chr([expr.v])
    case 'num':
      return dbl([expr.v])
    case 'id':
      if (expr.name === 'TRUE' || (expr.name === 'T' && !session.bound('T'))) return logical(true)
      if (expr.name === 'FALSE' || (expr.name === 'F' && !session.bound('F'))) return logical(false)
      if (expr.name === 'NULL') return { type: 'NULL' }
      return session.lookup(expr.name)
    case 'op':
      return operator(expr.op, expr.args, session)
    case 'index':
      return index(expr, session)
    case 'call': {
      const name = expr.fn.replace(/^base::/, '')
      const builtin = Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined
      if (!builtin || session.shadowed(name)) return null
      const args: { name: string | null; value: RValue }[] = []
      for (const arg of expr.args) {
        const value = arg.value ? evaluate(arg.value, session) : null
        if (!value) return null
        args.push({ name: arg.name, value })
      }
      return builtin(args, session)
    }
  }
}

function logical(value: boolean): RValue {
  return { type: 'logical', values: [value] }
}

function operator(op: string, args: RExpr[], session: RSession): RValue | null {
  const values = args.map((a) => evaluate(a, session))
  const [a, b] = values
  if (!a || a.type !== 'double' || (b !== undefined && (!b || b.type !== 'double'))) return null
  if (!b) return op === '-' ? dbl(a.values.map((x) => -x)) : op === '+' ? a : null
  if (op === ':') {
    if (a.values.length !== 1 || b.values.length !== 1) return null
    const [from, to] = [a.values[0], b.values[0]]
    const n = Math.floor(Math.abs(to - from) + 1e-10) + 1
    if (!Number.isFinite(n) || n > MAX_LENGTH) return null
    return dbl(Array.from({ length: n }, (_, k) => (to >= from ? from + k : from - k)))
  }
  const f = ARITHMETIC[op]
  const n = Math.max(a.values.length, b.values.length)
  if (!f || a.values.length === 0 || b.values.length === 0 || n % a.values.length || n % b.values.length) return null
  return dbl(Array.from({ length: n }, (_, k) => f(a.values[k % a.values.length], b.values[k % b.values.length])))
}

const ARITHMETIC: Record<string, (x: number, y: number) => number> = {
  '+': (x, y) => x + y,
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => x / y,
  '^': (x, y) => x ** y,
}

/** `x[i]` with positive positions, all negative ones (left out), or none; `x[[i]]`, one element. */
function index(expr: Extract<RExpr, { k: 'index' }>, session: RSession): RValue | null {
  const x = evaluate(expr.x, session)
  if (!x || x.type === 'NULL' || expr.args.length !== 1 || expr.args[0].name !== null) return null
  const arg = expr.args[0].value
  if (arg === null) return expr.double ? null : x
  const i = evaluate(arg, session)
  if (!i || i.type !== 'double' || i.values.some((v) => !Number.isFinite(v))) return null
  const at = i.values.map(Math.trunc)
  const length = x.values.length
  let keep: number[]
  if (at.every((v) => v >= 0)) keep = at.filter((v) => v > 0).map((v) => v - 1)
  else if (at.every((v) => v <= 0)) keep = [...Array(length).keys()].filter((k) => !at.includes(-(k + 1)))
  else return null
  // Past the end R gives NA, which no file is named.
  if (keep.some((k) => k >= length) || (expr.double && keep.length !== 1)) return null
  return pick(x, keep)
}

function pick(x: Exclude<RValue, { type: 'NULL' }>, keep: number[]): RValue | null {
  if (x.type === 'character') return chr(keep.map((k) => x.values[k]))
  if (x.type === 'double') return dbl(keep.map((k) => x.values[k]))
  return { type: 'logical', values: keep.map((k) => x.values[k]) }
}

type Builtin = (args: { name: string | null; value: RValue }[], session: RSession) => RValue | null

/** Arguments matched to a function's formals as R matches them (exactly named, then by position); null on one it lacks. */
function bind(
  args: { name: string | null; value: RValue }[],
  formals: readonly string[],
): { dots: RValue[]; named: Map<string, RValue> } | null {
  const named = new Map<string, RValue>()
  const dots: RValue[] = []
  for (const arg of args) {
    if (arg.name === null) continue
    if (!formals.includes(arg.name) || named.has(arg.name)) return null
    named.set(arg.name, arg.value)
  }
  const open = formals.filter((f) => !named.has(f))
  for (const arg of args) {
    if (arg.name !== null) continue
    const formal = open[0]
    if (formal === '...') dots.push(arg.value)
    else if (formal === undefined) return null
    else named.set(open.shift()!, arg.value)
  }
  return { dots, named }
}

/** A vector as character, as `as.character` writes it where that is sure (whole numbers below 100000). */
function strings(value: RValue): string[] | null {
  if (value.type === 'NULL') return []
  if (value.type === 'character') return value.values
  if (value.type === 'logical') return value.values.map((v) => (v ? 'TRUE' : 'FALSE'))
  return value.values.every((v) => Number.isInteger(v) && Math.abs(v) < 1e5) ? value.values.map(String) : null
}

function flag(value: RValue | undefined, otherwise: boolean): boolean | null {
  if (value === undefined) return otherwise
  return value.type === 'logical' && value.values.length === 1 ? value.values[0] : null
}

function scalar(value: RValue | undefined): string | null {
  return value?.type === 'character' && value.values.length === 1 ? value.values[0] : null
}

/** Each element of equally recycled vectors joined (`file.path`, `paste`). */
function joined(vectors: string[][], sep: string): string[] | null {
  const n = Math.max(...vectors.map((v) => v.length))
  if (vectors.some((v) => n % v.length !== 0) || n > MAX_LENGTH) return null
  return Array.from({ length: n }, (_, k) => vectors.map((v) => v[k % v.length]).join(sep))
}

function paste(sep: string | null): Builtin {
  return (args) => {
    const bound = bind(args, sep === null ? ['...', 'sep', 'collapse'] : ['...', 'collapse'])
    const parts = bound?.dots.map(strings)
    const by = sep ?? scalar(bound?.named.get('sep') ?? { type: 'character', values: [' '] })
    const collapse = bound?.named.get('collapse')
    if (!parts || parts.some((p) => p === null) || by === null) return null
    // Zero-length arguments are left out, as R does unless told `recycle0`.
    const kept = (parts as string[][]).filter((p) => p.length > 0)
    const out = kept.length > 0 ? joined(kept, by) : []
    if (!out || collapse === undefined) return out && chr(out)
    const glue = scalar(collapse)
    return glue === null ? null : chr([out.join(glue)])
  }
}

/** R's `c()`: vectors combined, into the most general of their types. */
const combine: Builtin = (args) => {
  const values = args.map((a) => a.value).filter((v) => v.type !== 'NULL')
  if (values.length === 0) return { type: 'NULL' }
  if (values.some((v) => v.type === 'character')) {
    const parts = values.map(strings)
    return parts.every((p) => p !== null) ? chr((parts as string[][]).flat()) : null
  }
  if (values.some((v) => v.type === 'double'))
    return dbl(
      values.flatMap((v) => (v.type === 'double' ? v.values : v.type === 'logical' ? v.values.map(Number) : [])),
    )
  return { type: 'logical', values: values.flatMap((v) => (v.type === 'logical' ? v.values : [])) }
}

const filePath: Builtin = (args) => {
  const bound = bind(args, ['...', 'fsep'])
  const fsep = bound?.named.has('fsep') ? scalar(bound.named.get('fsep')) : '/'
  const parts = bound?.dots.map(strings)
  if (!parts || parts.some((p) => p === null) || fsep === null) return null
  // Any argument of length zero makes the result so.
  if (parts.length === 0 || parts.some((p) => p!.length === 0)) return chr([])
  const out = joined(parts as string[][], fsep)
  return out && chr(out)
}

const LIST_FILES = ['path', 'pattern', 'all.files', 'full.names', 'recursive', 'ignore.case', 'include.dirs', 'no..']
/** R's regular expressions where JavaScript's read them the same: no POSIX classes, no `\<`, no Perl groups. */
const FOREIGN_REGEX = /\[:|\\[<>]|\(\?|\\[1-9]/

/**
 * `list.files(path, pattern, full.names = …)`: the folder's files and folders but the hidden
 * ones, sorted as R sorts them — known only when every collation R might have used (C, or a
 * locale's) agrees on the order.
 */
const listFiles: Builtin = (args, session) => {
  const bound = bind(args, LIST_FILES)
  if (!bound) return null
  const paths = strings(bound.named.get('path') ?? { type: 'character', values: ['.'] })
  const pattern = bound.named.has('pattern') ? scalar(bound.named.get('pattern')) : ''
  const full = flag(bound.named.get('full.names'), false)
  const ignoreCase = flag(bound.named.get('ignore.case'), false)
  const all = flag(bound.named.get('all.files'), false)
  const recursive = flag(bound.named.get('recursive'), false)
  if (!paths || pattern === null || full === null || ignoreCase === null || all !== false || recursive !== false)
    return null
  let match: RegExp | null = null
  if (pattern !== '') {
    if (FOREIGN_REGEX.test(pattern)) return null
    try {
      match = new RegExp(pattern, ignoreCase ? 'i' : '')
    } catch {
      return null
    }
  }
  const found: string[] = []
  for (const path of paths) {
    const names = session.list(path)
    if (!names) return null
    for (const name of names)
      if (!name.startsWith('.') && (!match || match.test(name))) found.push(full ? `${path}/${name}` : name)
  }
  const sorted = sortedAsR(found)
  return sorted && chr(sorted)
}

const C_ORDER = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const COLLATIONS = [new Intl.Collator('en'), new Intl.Collator('en', { ignorePunctuation: true })]

/** Names in the order R's `sort` gives, or null when that depends on the locale R ran in. */
function sortedAsR(names: readonly string[]): string[] | null {
  const sorted = [...names].sort(C_ORDER)
  for (const collator of COLLATIONS) {
    const other = [...names].sort(collator.compare)
    if (other.some((name, k) => name !== sorted[k])) return null
  }
  return sorted
}

const BUILTINS: Record<string, Builtin> = {
  c: combine,
  'file.path': filePath,
  paste: paste(null),
  paste0: paste(''),
  'list.files': listFiles,
  dir: listFiles,
  rep: (args) => {
    const bound = bind(args, ['x', 'times', 'each'])
    const x = bound?.named.get('x')
    const times = bound?.named.get('times') ?? { type: 'double', values: [1] }
    const each = bound?.named.get('each') ?? { type: 'double', values: [1] }
    if (!x || x.type === 'NULL' || times.type !== 'double' || each.type !== 'double') return null
    const [t, e] = [times.values, each.values]
    if (t.length !== 1 || e.length !== 1 || !Number.isInteger(t[0]) || !Number.isInteger(e[0]) || t[0] < 0 || e[0] < 0)
      return null
    if (x.values.length * t[0] * e[0] > MAX_LENGTH) return null
    const once = [...x.values.keys()].flatMap((k) => Array<number>(e[0]).fill(k))
    return pick(x, Array.from({ length: t[0] }, () => once).flat())
  },
  seq_len: (args) => {
    const n = args.length === 1 && args[0].value.type === 'double' ? args[0].value.values : null
    return n?.length === 1 && Number.isInteger(n[0]) && n[0] >= 0 && n[0] <= MAX_LENGTH
      ? dbl(Array.from({ length: n[0] }, (_, k) => k + 1))
      : null
  },
  seq_along: (args) => {
    const x = args.length === 1 ? args[0].value : null
    return x ? dbl(Array.from({ length: x.type === 'NULL' ? 0 : x.values.length }, (_, k) => k + 1)) : null
  },
  length: (args) => {
    const x = args.length === 1 ? args[0].value : null
    return x ? dbl([x.type === 'NULL' ? 0 : x.values.length]) : null
  },
  rev: (args) => {
    const x = args.length === 1 ? args[0].value : null
    return x && x.type !== 'NULL' ? pick(x, [...x.values.keys()].reverse()) : null
  },
}

/** The expression trees of R code's statements (null for one r-syntax does not read), or null when it cannot be read. */
export function parseR(code: string): (RExpr | null)[] | null {
  const tokens = tokenize(code)
  return tokens ? statements(tokens).map(parseStatement) : null
}

/** Whether a statement only assigns to a name (`x <- …`, `x = …`), printing nothing. */
export function isAssignment(expr: RExpr | null): boolean {
  return expr?.k === 'op' && (expr.op === '<-' || expr.op === '=') && expr.args[0].k === 'id'
}

export type { RArg }
