import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { lazyPage } from '../../../web/lazy-page.js'
import { afterFirstPaint } from '../../../web/lib/after-first-paint.js'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('lazyPage', () => {
  it('shows the loading state until the code is loaded, then the page itself, synchronously', async () => {
    const importPage = vi.fn(() => Promise.resolve(Greeting))
    const page = lazyPage(importPage)
    const before = renderToString(<page.Page name="Ada" />)
    expect(before).toContain('Loading…')
    expect(before).not.toContain('Hello')
    await page.load()
    expect(renderToString(<page.Page name="Ada" />)).toBe('<p>Hello <!-- -->Ada</p>')
    await page.load()
    expect(importPage).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed fetch', async () => {
    const importPage = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting)
    const page = lazyPage<{ name: string }>(importPage)
    await expect(page.load()).rejects.toThrow('offline')
    await page.load()
    expect(renderToString(<page.Page name="Grace" />)).toContain('Grace')
    expect(importPage).toHaveBeenCalledTimes(2)
  })
})

describe('afterFirstPaint', () => {
  const fakeWindow = (visibilityState: DocumentVisibilityState) => {
    const frames: (() => void)[] = []
    const timers: (() => void)[] = []
    const win = {
      document: { visibilityState } as Document,
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(() => cb(0)),
      setTimeout: (cb: () => void) => timers.push(cb),
    } as unknown as Window
    return { win, frames, timers }
  }

  it('waits for the next frame to be drawn, then for a task after it', async () => {
    const { win, frames, timers } = fakeWindow('visible')
    let done = false
    const painted = afterFirstPaint(win).then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    frames.shift()!()
    await Promise.resolve()
    expect(done).toBe(false)
    timers.shift()!()
    await painted
    expect(done).toBe(true)
  })

  it('does not wait in a hidden tab, which draws no frames', async () => {
    const { win, frames } = fakeWindow('hidden')
    await afterFirstPaint(win)
    expect(frames).toHaveLength(0)
  })
})
