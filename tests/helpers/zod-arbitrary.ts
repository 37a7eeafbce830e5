import fc from 'fast-check'
import type { z } from 'zod'

/**
 * fast-check arbitraries read off zod 4 schemas (their `_zod.def`), for fuzzing the API with
 * inputs that are mostly the right shape (so the checks past the first field get exercised)
 * and sometimes hostile at any depth: wrong types, boundary lengths, invalid dates, numbers
 * as text, NaN/Infinity, prototype keys, huge and odd unicode strings.
 */

interface Def {
  type: string
  format?: string
  pattern?: RegExp
  coerce?: boolean
  shape?: Record<string, z.ZodType>
  in?: z.ZodType
  out?: z.ZodType
  innerType?: z.ZodType
  options?: z.ZodType[]
  element?: z.ZodType
  keyType?: z.ZodType
  valueType?: z.ZodType
  entries?: Record<string, string>
  values?: unknown[]
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number } } }[]
}
type Bounds = {
  minLength?: number | null
  maxLength?: number | null
  minValue?: number | null
  maxValue?: number | null
  isInt?: boolean
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def
const boundsOf = (schema: z.ZodType): Bounds => schema as unknown as Bounds

/** Texts that have broken parsers before: numbers and dates that are not, traversal, markup, control characters. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x10',
  '9007199254740993',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '0000-00-00',
  '+275760-09-14',
  '2024-01-01T25:61:61Z',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '\ud800',
  '\u202e\u200b\ufeff',
  '😀'.repeat(300),
  'a'.repeat(10_001),
]

/** Bodies that pollute Object.prototype when merged carelessly. */
export const POLLUTING_JSON = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"prototype":{"polluted":1}}',
]

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.integer({ min: 20_000, max: 300_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  )

/** Any JSON value a client could send where something else was expected. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: hostileString(), weight: 4 },
    {
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        -0,
        1e308,
        Number.MAX_SAFE_INTEGER + 2,
        [],
        {},
      ),
      weight: 3,
    },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    // Parsed, so `__proto__` is an own key as in a request body, not this literal's prototype.
    { arbitrary: fc.constantFrom<unknown>(...POLLUTING_JSON.map((text) => JSON.parse(text) as unknown)), weight: 1 },
  )

export interface ArbitraryOptions {
  /** Weight of a hostile value against a well-formed one at every node (0 = well-formed only). */
  hostility?: number
}

/** Values for `schema`: well-formed by its own rules, with hostile ones mixed in at every level. */
export function arbitraryFor(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const hostility = opts.hostility ?? 1
  const shaped = shapedFor(schema, opts)
  return hostility > 0
    ? fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: hostileValue(), weight: hostility })
    : shaped
}

function shapedFor(schema: z.ZodType, opts: ArbitraryOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  const inner = (s: z.ZodType) => arbitraryFor(s, opts)
  switch (def.type) {
    case 'string':
      return stringFor(schema, def)
    case 'number':
      return numberFor(schema, def)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? {})), fc.string({ maxLength: 12 }))
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]))
    case 'object':
      return objectFor(def.shape ?? {}, inner)
    case 'array': {
      const max = lengthCheck(def, 'max_length') ?? 10
      return fc.array(inner(def.element!), { maxLength: Math.min(max + 1, 12) })
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner))
    case 'optional':
      return fc.option(inner(def.innerType!), { nil: undefined })
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null })
    case 'default':
    case 'prefault':
    case 'catch':
      return fc.option(inner(def.innerType!), { nil: undefined })
    case 'pipe':
      // z.preprocess is a pipe from a transform: its input is whatever the output side takes.
      return inner(defOf(def.in!).type === 'transform' ? def.out! : def.in!)
    case 'record':
      return fc.dictionary(
        stringFor(def.keyType!, defOf(def.keyType!)) as fc.Arbitrary<string>,
        inner(def.valueType!),
        { maxKeys: 10 },
      )
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function lengthCheck(def: Def, check: 'max_length' | 'min_length'): number | undefined {
  const found = def.checks?.find((c) => c._zod.def.check === check)?._zod.def
  return check === 'max_length' ? found?.maximum : found?.minimum
}

function stringFor(schema: z.ZodType, def: Def): fc.Arbitrary<string> {
  const { minLength, maxLength } = boundsOf(schema)
  const min = minLength ?? 0
  const max = maxLength ?? 200
  if (def.format === 'email')
    return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', '@x.io', 'a@b.c\r\nBcc: x@y.z', ' x@y.io '))
  if (def.format === 'date')
    return fc.oneof(
      isoDate().map((d) => d.slice(0, 10)),
      fc.constantFrom('2024-02-30', '2023-02-29', '2024-00-10', '1999-9-9'),
    )
  if (def.format === 'datetime')
    return fc.oneof(isoDate(), fc.constantFrom('2024-02-30T00:00:00Z', '2024-01-01T00:00:00+25:00', '2024-01-01 00:00'))
  if (def.format === 'regex' && def.pattern)
    return fc.oneof(fc.stringMatching(def.pattern, { maxLength: Math.min(max, 60) }), fc.string({ maxLength: 20 }))
  return fc.oneof(
    {
      arbitrary: fc.string({ minLength: Math.min(min, 60), maxLength: Math.min(max, 60), unit: 'grapheme' }),
      weight: 6,
    },
    // The boundary and one past it, where off-by-one checks fail.
    {
      arbitrary: fc.constantFrom(
        'y'.repeat(Math.min(max, 100_000)),
        'y'.repeat(Math.min(max + 1, 100_001)),
        'y'.repeat(Math.max(min - 1, 0)),
      ),
      weight: 1,
    },
  )
}

function numberFor(schema: z.ZodType, def: Def): fc.Arbitrary<unknown> {
  const { minValue, maxValue, isInt } = boundsOf(schema)
  const min = Math.max(minValue ?? -1e9, Number.MIN_SAFE_INTEGER)
  const max = Math.min(maxValue ?? 1e9, Number.MAX_SAFE_INTEGER)
  const base: fc.Arbitrary<number> = isInt ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
  const edges = fc.constantFrom(min - 1, max + 1, 0.5, -0)
  const num = fc.oneof({ arbitrary: base, weight: 5 }, { arbitrary: edges, weight: 1 })
  // A coerced number arrives as text from a path or a query string.
  return def.coerce ? fc.oneof(num.map(String), num, fc.constantFrom('NaN', 'Infinity', '1e3', ' 7 ', '0x1f', '')) : num
}

const isoDate = () =>
  fc
    .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString())

function objectFor(
  shape: Record<string, z.ZodType>,
  inner: (s: z.ZodType) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, inner(s)]))
  // Every key may go missing; extra keys (prototype ones included) ride along sometimes.
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'extra'),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 2 },
  )
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(extra, { nil: undefined, freq: 4 }))
    .map(([body, more]) => (more ? { ...more, ...body } : body))
}

/** A query string from an object schema: each value as text, sometimes repeated (an array) or with a hostile key. */
export function queryArbitraryFor(schema: z.ZodType | null, opts: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const shape = schema && defOf(schema).type === 'object' ? (defOf(schema).shape ?? {}) : {}
  const values = Object.entries(shape).map(([k, s]) =>
    fc.option(fc.tuple(fc.constant(k), arbitraryFor(s, opts)), { nil: null }),
  )
  const hostileKeys = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'search', 'q', 'x'),
      hostileString(),
    ),
    { maxLength: 2 },
  )
  return fc.tuple(fc.tuple(...values), hostileKeys).map(([pairs, more]) => {
    const params = new URLSearchParams()
    for (const pair of [...pairs.filter((p): p is [string, unknown] => p !== null), ...more]) {
      const [key, value] = pair
      const list = Array.isArray(value) ? value : [value]
      // Past ~16 kB Node refuses the request line itself (431) and the app never sees it: cap each value.
      for (const v of list)
        if (v !== undefined)
          params.append(key, (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)).slice(0, 3_000))
    }
    return params.toString()
  })
}
