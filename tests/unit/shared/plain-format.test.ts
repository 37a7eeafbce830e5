import { describe, expect, it } from 'vitest'
import { groupThousands, longDateUtc } from '../../../src/shared/plain-format.js'

// The plain forms replace Intl formatters in the browser's start-up path; they must read exactly
// as the en-US formatters do.
describe('plain formatting', () => {
  it('writes dates as en-US long dates in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 13 + 3_600_000 * 7) {
      expect(longDateUtc(new Date(t))).toBe(intl.format(new Date(t)))
    }
    expect(longDateUtc(new Date('2025-03-04T23:30:00.000Z'))).toBe('March 4, 2025')
  })

  it('groups thousands as en-US numbers do', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 })
    for (const n of [0, 7, 999, 1000, 5000, 12_345, 200_000, 1_234_567, 10_000_000, -4321, 1234.5]) {
      expect(groupThousands(n)).toBe(intl.format(n))
    }
  })
})
