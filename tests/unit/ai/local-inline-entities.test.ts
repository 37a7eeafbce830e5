import { describe, expect, it } from 'vitest'
import { readInline } from '../../../src/text/read-inline.js'

describe("the local reader's inline text", () => {
  it('decodes any HTML character reference, as the renderer shows it', () => {
    const segments = readInline('Entropy&hellip; the angle &thetasym; and &NotNestedLessLess; &mdash; &frac12;', {
      restore: (t) => t,
      definitions: new Map(),
    })
    expect(segments).toEqual([{ kind: 'text', text: 'Entropy… the angle ϑ and ⪡̸ — ½' }])
  })
})
