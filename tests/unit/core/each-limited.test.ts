import { describe, expect, it } from 'vitest'
import { eachLimited } from '../../../src/core/each-limited.js'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('eachLimited', () => {
  it('does every item, never more than the limit at once', async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      most = Math.max(most, running)
      await tick()
      done.push(n)
      running--
    })
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(3)
  })

  it('on a failure starts nothing new, lets what started finish, then rejects with the first error', async () => {
    const started: number[] = []
    const finished: number[] = []
    const run = eachLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n)
      await tick()
      if (n === 2) throw new Error('disk full')
      await tick()
      finished.push(n)
    })
    await expect(run).rejects.toThrow('disk full')
    // Item 1 was still running when item 2 failed: it finished; items 3 to 6 never started.
    expect(started).toEqual([1, 2])
    expect(finished).toEqual([1])
  })

  it('does nothing for no items', async () => {
    await expect(eachLimited([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined()
  })
})
