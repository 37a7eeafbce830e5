import { describe, expect, it } from 'vitest'
import { resolveColours } from '../../../../src/markdown/diagrams/svg-colours.js'

describe('resolveColours', () => {
  it('works out var() and color-mix(in srgb) from the root style and <style> declarations', () => {
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" style="--bg:#ffffff;--fg:#000000">',
      '<style>svg { --_line: var(--line, color-mix(in srgb, var(--fg) 50%, var(--bg))); --_fill: var(--surface, #abc); }</style>',
      '<rect fill="var(--_fill)" stroke="var(--_line)"/>',
      '<path stroke="color-mix(in srgb, #ff0000 25%, #0000ff)"/>',
      '</svg>',
    ].join('')
    const out = resolveColours(svg)
    expect(out).toContain('<rect fill="#aabbcc" stroke="#808080"/>')
    expect(out).toContain('<path stroke="#4000bf"/>')
    expect(out).not.toMatch(/var\(|color-mix/)
  })

  it('leaves what it cannot work out as written, for browsers', () => {
    const svg = '<svg><rect fill="var(--unknown)" stroke="color-mix(in oklch, red, blue)"/></svg>'
    expect(resolveColours(svg)).toBe(svg)
  })
})
