import { Monitor, Moon, Sun } from 'lucide-react'
import { useTheme } from '../../hooks/use-theme.js'
import { THEME_LABELS, THEMES, type Theme } from '../../lib/theme.js'

const ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor }

/**
 * Light, dark or the system's theme, in the header (issue 40): three toggle buttons, the
 * chosen one pressed. Before the app starts, the pressed look comes from CSS (layout.css).
 */
export function ThemeSwitch() {
  const [theme, choose] = useTheme()
  return (
    <div className="theme-switch" role="group" aria-label="Theme">
      {THEMES.map((option) => {
        const Icon = ICONS[option]
        return (
          <button
            key={option}
            type="button"
            className="theme-switch__option"
            data-theme-option={option}
            aria-pressed={theme === option}
            aria-label={THEME_LABELS[option]}
            title={THEME_LABELS[option]}
            onClick={() => choose(option)}
          >
            <Icon size={16} aria-hidden="true" />
          </button>
        )
      })}
    </div>
  )
}
