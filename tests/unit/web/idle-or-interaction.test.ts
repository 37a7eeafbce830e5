import { describe, expect, it } from 'vitest'
import { idleOrInteraction } from '../../../web/lib/after-first-paint.js'

/** A window whose idle callbacks, timers and listeners the test runs by hand. */
function fakeWindow({ idle = true } = {}) {
  const listeners = new Map<string, () => void>()
  const idles: (() => void)[] = []
  const timers: (() => void)[] = []
  let cancelled = 0
  const win = {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => {},
    ...(idle
      ? {
          requestIdleCallback: (fn: () => void) => idles.push(fn),
          cancelIdleCallback: () => void cancelled++,
        }
      : {}),
  } as unknown as Window
  return { win, listeners, idles, timers, cancelledIdle: () => cancelled }
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

describe('idleOrInteraction', () => {
  it('waits for the browser to be idle', async () => {
    const { win, idles, listeners } = fakeWindow()
    const started = idleOrInteraction(win)
    expect(await settled(started)).toBe(false)
    idles.shift()!()
    expect(await settled(started)).toBe(true)
    // nothing left listening once started
    expect(listeners.size).toBe(0)
  })

  it('starts at once when the reader presses, types, touches or moves focus', async () => {
    for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin']) {
      const { win, listeners, cancelledIdle } = fakeWindow()
      const started = idleOrInteraction(win)
      listeners.get(type)!()
      expect(await settled(started), type).toBe(true)
      expect(cancelledIdle(), type).toBe(1)
      expect(listeners.size, type).toBe(0)
    }
  })

  it('falls back to a timer without requestIdleCallback', async () => {
    const { win, timers } = fakeWindow({ idle: false })
    const started = idleOrInteraction(win)
    expect(await settled(started)).toBe(false)
    timers.shift()!()
    expect(await settled(started)).toBe(true)
  })
})
