import { startTransition, useCallback, useEffect, useState } from 'react'
import { chooseTheme, currentTheme, THEME_STORAGE_KEY, themeOf, type Theme } from '../lib/theme.js'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/**
 * The theme on the page and the call that changes it. The server cannot know a reader's choice,
 * so the first render says "system" like the server's markup; the real one is read after
 * hydration, as a transition (see use-hydrated.ts for why not useSyncExternalStore). Until
 * then the switch shows the choice by CSS alone (the `data-theme` on <html>). A choice made in
 * another tab is followed here too.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>('system')
  useEffect(() => {
    const root = document.documentElement
    const read = () => startTransition(() => setTheme(currentTheme(root)))
    read()
    const observer = new MutationObserver(read)
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] })
    const otherTab = (e: StorageEvent) => {
      if (e.key === THEME_STORAGE_KEY) chooseTheme(themeOf(e.newValue), root, null)
    }
    window.addEventListener('storage', otherTab)
    return () => {
      observer.disconnect()
      window.removeEventListener('storage', otherTab)
    }
  }, [])
  const choose = useCallback((next: Theme) => {
    chooseTheme(next, document.documentElement, storage())
    setTheme(next)
  }, [])
  return [theme, choose]
}
