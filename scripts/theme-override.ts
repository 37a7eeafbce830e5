import type { AtRule, Plugin, Rule } from 'postcss'

/**
 * The reader's theme switch (web/lib/theme.ts) in the stylesheets, without writing every dark
 * rule twice. The styles keep saying `@media (prefers-color-scheme: dark) { … }`; at build each
 * such block becomes
 *
 *   @media (prefers-color-scheme: dark) { :root:where(:not([data-theme='light'])) … }
 *   :root:where([data-theme='dark']) …   (the same rules, for a reader who chose dark)
 *
 * so a choice of light turns the system's dark off, a choice of dark turns it on, and no choice
 * follows the system, as before. `:where()` keeps each selector's specificity what the author
 * wrote, so the cascade (print.css's white paper over the dark colours) is unchanged.
 */

const DARK = /\(\s*prefers-color-scheme\s*:\s*dark\s*\)/i
const SYSTEM_DARK = ":not([data-theme='light'])"
const CHOSEN_DARK = "[data-theme='dark']"

/** `selector` applied only while the root element matches `condition`. */
export function underRoot(selector: string, condition: string): string {
  const root = /^(:root|html)(?![\w-])/i.exec(selector)
  if (root) return `${root[1]}:where(${condition})${selector.slice(root[1].length)}`
  return `:where(:root${condition}) ${selector}`
}

function scopeRules(container: AtRule, condition: string): void {
  container.walkRules((rule: Rule) => {
    // keyframe steps (`from`, `50%`) are not selectors
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return
    rule.selectors = rule.selectors.map((s) => underRoot(s, condition))
  })
}

export function themeOverride(): Plugin {
  // PostCSS visits a changed node again: each dark block is rewritten once.
  const done = new WeakSet<AtRule>()
  return {
    postcssPlugin: 'scholia-theme-override',
    AtRule: {
      media(atRule) {
        if (!DARK.test(atRule.params) || done.has(atRule)) return
        const chosen = atRule.clone()
        scopeRules(atRule, SYSTEM_DARK)
        scopeRules(chosen, CHOSEN_DARK)
        done.add(atRule)
        // What the media query asked besides dark (`and (min-width: …)`) still holds for the choice.
        const rest = atRule.params
          .replace(DARK, '')
          .replace(/^\s*and\s+|\s+and\s*$/i, '')
          .replace(/\s+and\s+and\s+/i, ' and ')
          .trim()
        if (rest) {
          chosen.params = rest
          atRule.after(chosen)
        } else atRule.after(chosen.nodes ?? [])
      },
    },
  }
}
themeOverride.postcss = true as const
