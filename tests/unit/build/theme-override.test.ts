import postcss from 'postcss'
import { describe, expect, it } from 'vitest'
import { themeOverride, underRoot } from '../../../scripts/theme-override.js'

const run = async (css: string) => (await postcss([themeOverride()]).process(css, { from: undefined })).css

describe('theme override (the reader’s light/dark choice over the system’s)', () => {
  it('scopes a dark block to "not chosen light" and repeats it for "chosen dark", right after it', async () => {
    const out = await run(
      ':root { --bg: #fff }\n@media (prefers-color-scheme: dark) { :root { --bg: #000 } .prose img, html body { padding: 1em } }\n.after { x: y }',
    )
    const squash = out.replace(/\s+/g, ' ')
    expect(squash).toContain(
      "@media (prefers-color-scheme: dark) { :root:where(:not([data-theme='light'])) { --bg: #000 } " +
        ":where(:root:not([data-theme='light'])) .prose img, html:where(:not([data-theme='light'])) body { padding: 1em } }",
    )
    expect(squash).toContain(
      ":root:where([data-theme='dark']) { --bg: #000 } :where(:root[data-theme='dark']) .prose img, html:where([data-theme='dark']) body { padding: 1em }",
    )
    // the copy stands where the block stood, before what followed it
    expect(squash.indexOf("[data-theme='dark']")).toBeLessThan(squash.indexOf('.after'))
  })

  it('keeps what else the media query asks of a chosen dark theme, and leaves other media alone', async () => {
    const out = (
      await run(
        '@media (min-width: 48rem) and (prefers-color-scheme: dark) { .a { c: d } }\n@media print { .b { e: f } }',
      )
    ).replace(/\s+/g, ' ')
    expect(out).toContain("@media (min-width: 48rem) { :where(:root[data-theme='dark']) .a { c: d } }")
    expect(out).toContain('@media print { .b { e: f } }')
  })

  it('keeps the specificity the author wrote', () => {
    expect(underRoot(':root', ":not([data-theme='light'])")).toBe(":root:where(:not([data-theme='light']))")
    expect(underRoot('.a > b', '[x]')).toBe(':where(:root[x]) .a > b')
    // a name that only begins like :root is not it
    expect(underRoot('.root-ish', '[x]')).toBe(':where(:root[x]) .root-ish')
  })
})
