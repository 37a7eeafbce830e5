import { Box, Text } from 'ink'
import type { DOMElement } from 'ink'
import { render } from 'ink-testing-library'
import type { Ref } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NEAR_MARGIN_PX, useNearViewport, watchNear } from '../../../web/hooks/use-near-viewport.js'

/** Stands in for the browser's IntersectionObserver: the test says when the element crosses into the margin. */
class FakeObserver {
  static made: FakeObserver[] = []
  observed: unknown[] = []
  disconnected = false
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.made.push(this)
  }
  observe(element: unknown) {
    this.observed.push(element)
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  disconnect() {
    this.disconnected = true
  }
  /** What the browser reports for the element: inside the margin or not, and where its bottom edge is. */
  report(isIntersecting: boolean, bottom = 900) {
    if (this.disconnected) return
    this.callback(
      [{ isIntersecting, boundingClientRect: { bottom } } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    )
  }
}
const Observer = FakeObserver as unknown as typeof IntersectionObserver
const element = {} as Element

afterEach(() => {
  FakeObserver.made = []
  vi.unstubAllGlobals()
})

describe('watchNear', () => {
  it('says so once the element comes within 1200 px (NEAR_MARGIN_PX) below the viewport, once only', () => {
    const onNear = vi.fn()
    watchNear(element, onNear, NEAR_MARGIN_PX, Observer)
    const [observer] = FakeObserver.made
    expect(observer.observed).toEqual([element])
    expect(observer.options?.rootMargin).toBe('0px 0px 1200px 0px')
    observer.report(false, 2400)
    expect(onNear).not.toHaveBeenCalled()
    observer.report(true)
    expect(onNear).toHaveBeenCalledTimes(1)
    expect(observer.disconnected).toBe(true)
    observer.report(true)
    expect(onNear).toHaveBeenCalledTimes(1)
  })

  it('counts an element already scrolled past (above the viewport) as near', () => {
    const onNear = vi.fn()
    watchNear(element, onNear, NEAR_MARGIN_PX, Observer)
    FakeObserver.made[0].report(false, -40)
    expect(onNear).toHaveBeenCalledTimes(1)
  })

  it('stops watching when asked', () => {
    const onNear = vi.fn()
    const stop = watchNear(element, onNear, NEAR_MARGIN_PX, Observer)
    stop()
    FakeObserver.made[0].report(true)
    expect(onNear).not.toHaveBeenCalled()
  })

  it('says near at once where the browser has no IntersectionObserver', () => {
    const onNear = vi.fn()
    watchNear(element, onNear, NEAR_MARGIN_PX, undefined)
    expect(onNear).toHaveBeenCalledTimes(1)
  })
})

/** A component using the hook, its element a box of Ink's (React's own reconciler, no DOM needed). */
function Probe({ seen, margin }: { seen: boolean[]; margin?: number }) {
  const { ref, near } = useNearViewport<Element>(margin)
  seen.push(near)
  return (
    <Box ref={ref as unknown as Ref<DOMElement>}>
      <Text>{near ? 'near' : 'far'}</Text>
    </Box>
  )
}

describe('useNearViewport', () => {
  it('is false in the server render', () => {
    const seen: boolean[] = []
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    expect(renderToString(<Probe seen={seen} />)).not.toContain('near')
    expect(seen).toEqual([false])
    // nothing is watched on the server: there is no element
    expect(FakeObserver.made).toEqual([])
  })

  it('starts false, turns true when the element nears the viewport, and stays true', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const seen: boolean[] = []
    const view = render(<Probe seen={seen} />)
    expect(seen[0]).toBe(false)
    expect(view.lastFrame()).toBe('far')
    const [observer] = FakeObserver.made
    expect(observer.observed).toHaveLength(1)
    observer.report(false, 3000)
    expect(view.lastFrame()).toBe('far')
    observer.report(true)
    await vi.waitFor(() => expect(view.lastFrame()).toBe('near'))
    expect(observer.disconnected).toBe(true)
    // re-rendering does not watch again, nor turn it back
    view.rerender(<Probe seen={seen} />)
    expect(view.lastFrame()).toBe('near')
    expect(FakeObserver.made).toHaveLength(1)
    view.unmount()
  })

  it('passes its margin on, and stops watching when the element goes away', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const view = render(<Probe seen={[]} margin={200} />)
    const [observer] = FakeObserver.made
    expect(observer.options?.rootMargin).toBe('0px 0px 200px 0px')
    view.unmount()
    expect(observer.disconnected).toBe(true)
  })

  it('without IntersectionObserver: false in the first render, true right after', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const seen: boolean[] = []
    const view = render(<Probe seen={seen} />)
    await vi.waitFor(() => expect(view.lastFrame()).toBe('near'))
    expect(seen[0]).toBe(false)
    view.unmount()
  })
})
