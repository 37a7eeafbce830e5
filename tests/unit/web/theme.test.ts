import { describe, expect, it } from 'vitest'
import { chooseTheme, currentTheme, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, themeOf } from '../../../web/lib/theme.js'

/** A stand-in for <html>: only the attribute calls the theme makes. */
function fakeRoot() {
  const attrs = new Map<string, string>()
  return {
    getAttribute: (n: string) => attrs.get(n) ?? null,
    setAttribute: (n: string, v: string) => void attrs.set(n, v),
    removeAttribute: (n: string) => void attrs.delete(n),
  } as unknown as Element
}

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    items,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

describe('the reader’s theme', () => {
  it('reads only light and dark as choices; anything else is the system’s', () => {
    expect([themeOf('light'), themeOf('dark'), themeOf('sepia'), themeOf(null)]).toEqual([
      'light',
      'dark',
      'system',
      'system',
    ])
  })

  it('shows a choice on the root and remembers it; "system" forgets it and removes the attribute', () => {
    const root = fakeRoot()
    const storage = fakeStorage()
    chooseTheme('dark', root, storage)
    expect([currentTheme(root), storage.items.get(THEME_STORAGE_KEY)]).toEqual(['dark', 'dark'])
    chooseTheme('system', root, storage)
    expect([root.getAttribute('data-theme'), storage.items.has(THEME_STORAGE_KEY)]).toEqual([null, false])
  })

  it('still applies a choice when storage refuses it', () => {
    const root = fakeRoot()
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    chooseTheme('light', root, refusing)
    expect(currentTheme(root)).toBe('light')
  })

  it('boots from storage with the same key, and survives storage that throws', () => {
    const run = (stored: string | null, throws = false) => {
      const root = fakeRoot()
      const localStorage = {
        getItem: (k: string) => {
          if (throws) throw new Error('SecurityError')
          return k === THEME_STORAGE_KEY ? stored : null
        },
      }
      new Function('localStorage', 'document', THEME_BOOT_SCRIPT)(localStorage, { documentElement: root })
      return root.getAttribute('data-theme')
    }
    expect([run('dark'), run('light'), run('system'), run('<x>'), run('dark', true)]).toEqual([
      'dark',
      'light',
      null,
      null,
      null,
    ])
  })
})
