import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, createToastStore } from '../../../web/lib/toast-store.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toast store', () => {
  it('keeps SPEC §9 constants: one toast, 5000 ms, removal after 1,000,000 ms', () => {
    expect(TOAST_LIMIT).toBe(1)
    expect(TOAST_DURATION).toBe(5000)
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
  })

  it('shows one toast at a time: a newer one replaces the one on screen', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const first = store.toast({
      title: 'Login failed',
      description: 'Invalid username or password',
      variant: 'destructive',
    })
    expect(store.getSnapshot()).toEqual([
      {
        id: first,
        title: 'Login failed',
        description: 'Invalid username or password',
        variant: 'destructive',
        open: true,
      },
    ])
    const second = store.toast({ title: 'Login successful', description: 'Welcome back!' })
    expect(second).not.toBe(first)
    expect(store.getSnapshot()).toHaveLength(1)
    expect(store.getSnapshot()[0]).toMatchObject({
      id: second,
      title: 'Login successful',
      variant: 'default',
      open: true,
    })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    const store = createToastStore()
    const id = store.toast({ title: 'Logged out' })
    store.dismiss(id)
    expect(store.getSnapshot()[0].open).toBe(false)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toEqual([])
  })

  it('ignores dismissing an unknown or already closed toast, and dismiss() closes all', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.dismiss('nope')
    expect(listener).not.toHaveBeenCalled()
    store.toast({ title: 'A' })
    store.dismiss()
    store.dismiss()
    expect(listener).toHaveBeenCalledTimes(2)
    expect(store.getSnapshot().every((t) => !t.open)).toBe(true)
  })

  it('a replaced toast leaves no pending removal behind', () => {
    const store = createToastStore()
    const a = store.toast({ title: 'A' })
    store.dismiss(a)
    const b = store.toast({ title: 'B' })
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY)
    expect(store.getSnapshot().map((t) => t.id)).toEqual([b])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops telling unsubscribed listeners', () => {
    const store = createToastStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    unsubscribe()
    store.toast({ title: 'A' })
    expect(listener).not.toHaveBeenCalled()
  })
})
