/**
 * The reader's colour theme (issue 40): light, dark, or whatever the system says. A choice is
 * kept in localStorage and shown as `data-theme` on <html>, which the stylesheets obey over
 * prefers-color-scheme (scripts/theme-override.ts); "system" is no attribute at all, so a page
 * without script, or before it, follows the system as it always did.
 */

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

export const THEME_STORAGE_KEY = 'scholia-theme'

/** What a stored value means: only the two real choices count, anything else is the system's. */
export function themeOf(stored: string | null | undefined): Theme {
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

/**
 * Run inline in the page's head, before anything is painted, so a reader who chose a theme
 * never sees the other one flash. Kept tiny and self-contained; the server allows exactly this
 * text in its Content-Security-Policy by its hash (src/server/ssr/theme-script.ts).
 */
export const THEME_BOOT_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`

/** The theme shown on the page now: the attribute the boot script or a choice left. */
export function currentTheme(root: Element): Theme {
  return themeOf(root.getAttribute('data-theme'))
}

/**
 * Shows and remembers a choice. A browser that refuses storage (private mode, blocked
 * cookies) still gets the theme for this page.
 */
export function chooseTheme(
  theme: Theme,
  root: Element,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
): void {
  if (theme === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', theme)
  try {
    if (theme === 'system') storage?.removeItem(THEME_STORAGE_KEY)
    else storage?.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // not remembered, still applied
  }
}

/** The switch's words for each choice: its accessible name and tooltip. */
export const THEME_LABELS: Record<Theme, string> = {
  light: 'Light theme',
  dark: 'Dark theme',
  system: 'System theme',
}
