import { z } from 'zod'

type Json = Record<string, unknown>

/** Keywords OpenAI's strict mode rejects; zod still checks them on the answer. */
const UNSUPPORTED = new Set(['$schema', 'minLength', 'maxLength', 'default', 'format'])

/**
 * A zod schema as the JSON Schema OpenAI's structured outputs accept with `strict: true`:
 * every object closed (`additionalProperties: false`) with every property required, an
 * optional property made nullable instead. The answer is validated with the same zod schema.
 */
export function strictJsonSchema(schema: z.ZodType): Json {
  return strictify(z.toJSONSchema(schema, { unrepresentable: 'any' })) as Json
}

function strictify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictify)
  if (!node || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node as Json)) {
    if (UNSUPPORTED.has(key)) continue
    // zod bounds every integer by the safe range; that says nothing to a model.
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue
    out[key] = strictify(value)
  }
  if (out.type === 'object' && out.properties && typeof out.properties === 'object') {
    const properties = out.properties as Json
    const required = new Set((out.required as string[] | undefined) ?? [])
    for (const [name, prop] of Object.entries(properties))
      if (!required.has(name)) properties[name] = nullable(prop as Json)
    out.required = Object.keys(properties)
    out.additionalProperties = false
  }
  return out
}

function nullable(prop: Json): Json {
  const type = prop.type
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return prop
  if (Array.isArray(prop.anyOf) && prop.anyOf.some((p) => (p as Json).type === 'null')) return prop
  if (typeof type === 'string' && !prop.enum) return { ...prop, type: [type, 'null'] }
  return { anyOf: [prop, { type: 'null' }] }
}
