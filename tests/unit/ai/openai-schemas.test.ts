import { describe, expect, it } from 'vitest'
import { OUTPUTS } from '../../../src/ai/openai/output-schemas.js'
import { strictJsonSchema } from '../../../src/ai/openai/strict-schema.js'
import { GOOD } from '../../helpers/fake-openai.js'

type Node = Record<string, unknown>
const objects = (node: unknown): Node[] => {
  if (!node || typeof node !== 'object') return []
  const children = Object.values(node as Node).flatMap(objects)
  return (node as Node).type === 'object' ? [node as Node, ...children] : children
}

describe('structured-output schemas for OpenAI', () => {
  it.each(Object.keys(OUTPUTS) as (keyof typeof OUTPUTS)[])(
    '%s: closed objects, every property required, optional ones nullable',
    (kind) => {
      const schema = strictJsonSchema(OUTPUTS[kind])
      expect(schema.type).toBe('object')
      expect(schema).not.toHaveProperty('$schema')
      for (const o of objects(schema)) {
        expect(o.additionalProperties).toBe(false)
        expect(o.required).toEqual(Object.keys(o.properties as Node))
      }
      expect(JSON.stringify(schema)).not.toMatch(/"minLength"|"maxLength"|"default"|9007199254740991/)
    },
  )

  it('makes what the stored schema leaves optional nullable, so a strict answer still validates', () => {
    const entry = ((strictJsonSchema(OUTPUTS.bibliography).properties as Node).entries as Node).items as Node
    expect((entry.properties as Node).doi).toEqual({ type: ['string', 'null'] })
    expect(OUTPUTS.bibliography.safeParse(GOOD.scholia_bibliography).success).toBe(true)
    for (const [name, answer] of Object.entries(GOOD))
      expect(OUTPUTS[name.replace('scholia_', '') as keyof typeof OUTPUTS].safeParse(answer).success, name).toBe(true)
  })
})
