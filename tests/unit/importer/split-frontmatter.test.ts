import { describe, expect, it } from 'vitest'
import { splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'

describe('splitFrontmatter', () => {
  it('returns the text unchanged when there is no frontmatter', () => {
    const text = '# Title\n\nBody text.\n'
    expect(splitFrontmatter(text)).toEqual({ frontmatter: {}, body: text, bodyLine: 1, warnings: [] })
  })

  it('reads a YAML block and starts the body after it', () => {
    const split = splitFrontmatter('---\ntitle: A\nn: 3\n---\n\nBody\n')
    expect(split.frontmatter).toEqual({ title: 'A', n: 3 })
    expect(split.body).toBe('Body\n')
    expect(split.bodyLine).toBe(6)
  })

  it('accepts an empty YAML block and a `...` closing line', () => {
    expect(splitFrontmatter('---\n---\nBody').body).toBe('Body')
    expect(splitFrontmatter('---\ntitle: T\n...\nBody').frontmatter).toEqual({ title: 'T' })
  })

  it('treats a leading --- that is not followed by YAML as a thematic break', () => {
    const text = '---\n\nJust prose, then another rule.\n\n---\n'
    expect(splitFrontmatter(text)).toMatchObject({ frontmatter: {}, body: text })
  })

  it('warns about an opening --- that is never closed and keeps the text', () => {
    const split = splitFrontmatter('---\ntitle: Unclosed\n\nBody')
    expect(split.frontmatter).toEqual({})
    expect(split.body).toBe('---\ntitle: Unclosed\n\nBody')
    expect(split.warnings).toEqual(["frontmatter: the '---' on line 1 is never closed; read as part of the text"])
  })

  it('warns about a YAML document that is a list, not a mapping', () => {
    const split = splitFrontmatter('---\n# a list\n- a\n- b\n---\nBody')
    expect(split.frontmatter).toEqual({})
    expect(split.warnings[0]).toMatch(/found a single value or a list/)
  })

  it('reports a repeated YAML key and keeps the last value', () => {
    const split = splitFrontmatter('---\ntitle: One\ntitle: Two\n---\n')
    expect(split.frontmatter).toEqual({ title: 'Two' })
    expect(split.warnings).toEqual(["frontmatter: 'title' is set more than once (line 3); the last value is used"])
  })

  it('reads @def lines and +++ blocks mixed at the top, in order', () => {
    const text = [
      '@def title = "From def"',
      '@def mintoclevel=2',
      '',
      '+++',
      'meta = [ ("property", "og:image", "x.png") ]',
      'title = "From TOML"',
      '+++',
      '',
      'Body starts here.',
      '@def later = "not metadata"',
    ].join('\n')
    const split = splitFrontmatter(text)
    expect(split.frontmatter).toEqual({ title: 'From TOML', mintoclevel: 2, meta: [['property', 'og:image', 'x.png']] })
    expect(split.body).toBe('Body starts here.\n@def later = "not metadata"')
    expect(split.bodyLine).toBe(9)
  })

  it('skips an HTML comment that precedes a +++ block', () => {
    const split = splitFrontmatter('<!--\nnote to editors\n-->\n\n+++\ntitle = "T"\n+++\nBody')
    expect(split.frontmatter).toEqual({ title: 'T' })
    expect(split.body).toBe('Body')
  })

  it('keeps an HTML comment that is not followed by frontmatter', () => {
    const text = '<!-- a comment -->\n\nBody'
    expect(splitFrontmatter(text).body).toBe(text)
  })

  it('does not take a diff line starting with +++ for a TOML block', () => {
    const text = '+++ b/src/file.c\n@@ -1 +1 @@\n'
    expect(splitFrontmatter(text)).toMatchObject({ frontmatter: {}, body: text })
  })

  it('skips a @def whose triple-quoted value is never closed, and only that line', () => {
    const split = splitFrontmatter('@def title = """Open\n@def author = "A"\n\nBody')
    expect(split.frontmatter).toEqual({ author: 'A' })
    expect(split.warnings).toEqual(["frontmatter: could not parse value of 'title' (line 1), skipped"])
    expect(split.body).toBe('Body')
  })

  it('skips a @def value that is an expression, not a literal', () => {
    const split = splitFrontmatter('@def x = sqrt(2)\n@def y = 1.5e3\n')
    expect(split.frontmatter).toEqual({ y: 1500 })
    expect(split.warnings).toEqual(["frontmatter: could not parse value of 'x' (line 1), skipped"])
  })

  it('reads TOML tables entry by entry when the block is not strict TOML', () => {
    const split = splitFrontmatter(
      '+++\ndate = Date(2021, 4, 04)\n[extra]\nkey = "v"\n[[items]]\nn = 1\n[[items]]\nn = 2\n+++\n',
    )
    expect(split.frontmatter).toEqual({ date: '2021-04-04', extra: { key: 'v' }, items: [{ n: 1 }, { n: 2 }] })
    expect(split.warnings).toEqual([])
  })

  it('keeps a key named __proto__ as plain data', () => {
    const split = splitFrontmatter('---\n__proto__:\n  polluted: true\n---\n')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(split.frontmatter)).toEqual(['__proto__'])
  })
})
