import { describe, expect, it } from 'vitest'
import { parseDateValue } from '../../../src/importer/parse/dates.js'

const iso = (value: unknown): string | null => parseDateValue(value)?.toISOString() ?? null

describe('parseDateValue', () => {
  it.each([
    ['2019-09-16', '2019-09-16T00:00:00.000Z'],
    ['2026-04-22 15:24:48', '2026-04-22T15:24:48.000Z'],
    ['2019-09-16T10:20:30Z', '2019-09-16T10:20:30.000Z'],
    ['2019-09-16T10:20:30+02:00', '2019-09-16T08:20:30.000Z'],
    ['2019-09-16T10:20:30.250-0130', '2019-09-16T11:50:30.250Z'],
    ['2019/9/6', '2019-09-06T00:00:00.000Z'],
    ['8 October 2025', '2025-10-08T00:00:00.000Z'],
    ['06 July 2023', '2023-07-06T00:00:00.000Z'],
    ['8th of Oct. 2025', '2025-10-08T00:00:00.000Z'],
    ['Wednesday, 8 October 2025', '2025-10-08T00:00:00.000Z'],
    ['October 8, 2025', '2025-10-08T00:00:00.000Z'],
    ['Sept 3rd 2017', '2017-09-03T00:00:00.000Z'],
    ['March 2020', '2020-03-01T00:00:00.000Z'],
    ['Date(2019, 11, 19)', '2019-11-19T00:00:00.000Z'],
    ['Date(2021, 07, 26)', '2021-07-26T00:00:00.000Z'],
    ['DateTime(2021, 7, 26, 9, 30)', '2021-07-26T09:30:00.000Z'],
    ['Wed, 08 Oct 2025 10:00:00 GMT', '2025-10-08T10:00:00.000Z'],
  ])('reads %s', (text, expected) => {
    expect(iso(text)).toBe(expected)
  })

  it('accepts Date objects and four-digit years', () => {
    expect(iso(new Date('2020-01-02T03:04:05Z'))).toBe('2020-01-02T03:04:05.000Z')
    expect(iso(2019)).toBe('2019-01-01T00:00:00.000Z')
  })

  it.each([
    ['not a date'],
    ['2019-02-30'],
    ['31 April 2020'],
    ['2019-13-01'],
    ['1'],
    ['March'],
    [''],
    ['Date(2019, 2)x'],
    [12],
    [true],
    [null],
    [{ year: 2020 }],
    [new Date(Number.NaN)],
  ])('rejects %j', (value) => {
    expect(parseDateValue(value)).toBeNull()
  })
})
