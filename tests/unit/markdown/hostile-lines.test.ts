import { describe, expect, it } from 'vitest'
import { preprocess } from '../../../src/markdown/index.js'
import { matchContainedFence } from '../../../src/markdown/syntax/contained-fence.js'
import { liquidArguments } from '../../../src/markdown/syntax/liquid/index.js'
import { texToText } from '../../../src/markdown/tex-to-text.js'

// Issue 21, finding 1: lines whose cost grew exponentially or quadratically with their length.
// The time limits below are generous bounds (each call takes milliseconds now); before the fix
// the first one ran for about 17 s and the others for tens of seconds.
const BOUND_MS = 5_000

describe('preprocessing hostile lines', () => {
  it(
    'reads a long line of container markers with no fence in linear time',
    () => {
      const out = preprocess('# t\n\n' + '>  -  '.repeat(15) + 'x\n')
      expect(out.markdown).toContain('x')
    },
    BOUND_MS,
  )

  it(
    'reads a heading ending in a long run of blanks without going quadratic',
    () => {
      const out = preprocess('# a' + ' \t'.repeat(100_000) + 'x ##\n')
      expect(out.markdown.startsWith('# a')).toBe(true)
    },
    BOUND_MS,
  )

  it(
    'reads Liquid arguments made of one long name with no value',
    () => {
      expect(liquidArguments('-'.repeat(100_000)).size).toBe(0)
      expect(liquidArguments('file=a.html  title="A b" -x=1')).toEqual(
        new Map([
          ['file', 'a.html'],
          ['title', 'A b'],
          ['-x', '1'],
        ]),
      )
    },
    BOUND_MS,
  )

  it(
    'turns TeX with long runs of blanks into text without going quadratic',
    () => {
      expect(texToText('a' + ' '.repeat(200_000) + 'b , c')).toBe('a b, c')
    },
    BOUND_MS,
  )
})

describe('matchContainedFence: what the old expression matched, nothing more', () => {
  const OLD = /^((?:[ \t]*>[ \t]?|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)+)(`{3,}|~{3,})(.*)$/
  const lines = [
    '> ```js',
    '- ~~~',
    '1. > ````python title',
    ' >> ```',
    '>  ```',
    '> \t```',
    '-```',
    '- ``',
    '1234567890. ```',
    '123456789) ~~~~ x',
    '* + - ```',
    '```',
    '  > -   ~~~ rest `with` ticks',
    '>  -  '.repeat(6) + 'x',
  ]
  it.each(lines)('%j', (line) => {
    const old = OLD.exec(line)
    expect(matchContainedFence(line)).toEqual(old ? { fence: old[2], rest: old[3] } : null)
  })
})
