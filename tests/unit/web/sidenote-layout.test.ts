import { describe, expect, it } from 'vitest'
import { placeSidenotes } from '../../../web/lib/sidenote-layout.js'

describe('placing sidenotes in the margin', () => {
  it('puts each note level with its reference when there is room', () => {
    expect(placeSidenotes([100, 400], [50, 50], [], 10)).toEqual([100, 400])
  })

  it('stacks notes whose references are close, in reading order, without overlap', () => {
    expect(placeSidenotes([100, 120, 130], [60, 40, 20], [], 10)).toEqual([100, 170, 220])
  })

  it('goes around an aside: just above it when the note fits there, else below it', () => {
    // fits above the aside at 300 (ends at 300 - gap)
    expect(placeSidenotes([250], [30], [{ top: 300, bottom: 400 }], 10)).toEqual([250])
    expect(placeSidenotes([280], [30], [{ top: 300, bottom: 400 }], 10)).toEqual([260])
    // would start inside the aside: below it
    expect(placeSidenotes([350], [30], [{ top: 300, bottom: 400 }], 10)).toEqual([410])
    // no room above (the previous note is there): below it
    expect(placeSidenotes([200, 265], [60, 30], [{ top: 300, bottom: 400 }], 10)).toEqual([200, 410])
  })

  it('clears obstacles that follow one another', () => {
    const obstacles = [
      { top: 100, bottom: 200 },
      { top: 205, bottom: 300 },
    ]
    expect(placeSidenotes([150], [40], obstacles, 10)).toEqual([310])
  })
})
