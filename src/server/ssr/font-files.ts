import type { AtRule, Rule } from 'postcss'

/**
 * Which font files a page's styles ask for, read from the stylesheet itself, so the page can
 * ask for them in its head (`<link rel="preload">`) instead of when the browser first lays it
 * out: fetched in parallel with the page rather than after it, they are there by the first
 * layout, and the page is laid out and painted once rather than again as each file arrives.
 */

/** The face a rule sets its text in: a family it names, with the style and weight it gives. */
export interface FontUse {
  family: string
  italic: boolean
  weight: number
}

/**
 * An `@font-face` with a downloadable file for Latin text. A family split by script (Latin,
 * Latin Extended, Greek, …) is asked for by its Latin file only: the others hold letters a page
 * may use a few of, in some element whose family the stylesheet alone does not tell, and each
 * runs to tens of kilobytes; they still load as the page needs them.
 */
export interface FontFile {
  family: string
  italic: boolean
  /** Inclusive; a variable font's range, or one weight twice. */
  weights: [number, number]
  url: string
}

/** The families the site's own text is set in: the root's `--font-*` custom properties (rootVars), first choice of each. */
export function textFamilies(vars: ReadonlyMap<string, string>): string[] {
  const families = new Set<string>()
  for (const [name, value] of vars) {
    const family = /^--font-/i.test(name) ? firstFamily(value) : null
    if (family) families.add(family)
  }
  return [...families]
}

/**
 * The face a rule names (its own `font-family` or `font` shorthand), or null when it names
 * none: a rule that only sets a weight or style changes the face of an inherited family,
 * which the caller settles (see `setsItalic`).
 */
export function fontUseOf(rule: Rule, vars: ReadonlyMap<string, string>): FontUse | null {
  let family: string | null = null
  let italic = false
  let weight = 400
  rule.each((node) => {
    if (node.type !== 'decl') return
    const value = resolveVars(node.value, vars)
    switch (node.prop.toLowerCase()) {
      case 'font-family':
        family = firstFamily(value)
        break
      case 'font-style':
        italic = /^(?:italic|oblique)/i.test(value.trim())
        break
      case 'font-weight':
        weight = weightOf(value) ?? weight
        break
      case 'font': {
        const shorthand = readShorthand(value)
        if (shorthand) ({ family, italic, weight } = shorthand)
        break
      }
    }
  })
  return family === null ? null : { family, italic, weight }
}

/** A rule that sets italic on whatever family its elements inherit (`.prose blockquote`). */
export function setsItalic(rule: Rule): boolean {
  let italic = false
  rule.each((node) => {
    if (node.type === 'decl' && node.prop.toLowerCase() === 'font-style')
      italic = /^(?:italic|oblique)/i.test(node.value.trim())
  })
  return italic
}

/** The custom properties a stylesheet sets on its root, for resolving `var(--x)` in font declarations. */
export function rootVars(rules: Rule[]): Map<string, string> {
  const vars = new Map<string, string>()
  for (const rule of rules) {
    if (!/^(?::root|html)$/i.test(rule.selector.trim())) continue
    rule.each((node) => {
      if (node.type === 'decl' && node.prop.startsWith('--')) vars.set(node.prop, node.value)
    })
  }
  return vars
}

/** The downloadable Latin file of an `@font-face`, or null (a `local()` stand-in, another script's subset). */
export function fontFileOf(face: AtRule): FontFile | null {
  let family = ''
  let italic = false
  let weights: [number, number] = [400, 400]
  let url: string | null = null
  let latin = true
  face.each((node) => {
    if (node.type !== 'decl') return
    const value = node.value.trim()
    switch (node.prop.toLowerCase()) {
      case 'font-family':
        family = firstFamily(value) ?? ''
        break
      case 'font-style':
        italic = /^(?:italic|oblique)/i.test(value)
        break
      case 'font-weight': {
        const [low, high] = value.split(/\s+/).map(weightOf)
        if (low !== undefined) weights = [low, high ?? low]
        break
      }
      case 'src':
        url = woff2Url(value)
        break
      case 'unicode-range':
        latin = coversLatin(value)
        break
    }
  })
  return family && url && latin ? { family, italic, weights, url } : null
}

/** The files that set `use`: same family (any case) and style, the weight within the face's range. */
export function filesFor(use: FontUse, files: readonly FontFile[]): string[] {
  const family = use.family.toLowerCase()
  return files
    .filter(
      (f) =>
        f.family.toLowerCase() === family &&
        f.italic === use.italic &&
        use.weight >= f.weights[0] &&
        use.weight <= f.weights[1],
    )
    .map((f) => f.url)
}

function firstFamily(list: string): string | null {
  const first = list
    .split(',')[0]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim()
  return first ? first : null
}

/** `var(--x)` and `var(--x, fallback)`, from the root's custom properties (a few levels deep). */
function resolveVars(value: string, vars: ReadonlyMap<string, string>): string {
  let out = value
  for (let depth = 0; depth < 4 && out.includes('var('); depth++) {
    out = out.replace(
      /var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g,
      (_m, name: string, fallback?: string) => vars.get(name) ?? fallback ?? '',
    )
  }
  return out
}

function weightOf(value: string | undefined): number | undefined {
  const v = value?.trim().toLowerCase()
  if (!v) return undefined
  if (v === 'normal') return 400
  if (v === 'bold') return 700
  const n = Number(v)
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : undefined
}

/** `font: [style] [variant] [weight] [stretch] size[/line-height] family, …` */
function readShorthand(value: string): FontUse | null {
  const m =
    /^\s*((?:[a-z-]+\s+|\d{3}\s+)*?)(?:[\d.]+(?:[a-z]+|%)|xx?-small|small|medium|large|xx?-large|larger|smaller)(?:\s*\/\s*\S+)?\s+(.+)$/i.exec(
      value,
    )
  if (!m) return null
  const family = firstFamily(m[2]!)
  if (!family) return null
  const words = m[1]!.trim().toLowerCase().split(/\s+/)
  // 'normal' may stand for the style, the variant or the weight; the weight is 400 whichever it is.
  const weight = words.map(weightOf).find((w) => w !== undefined && w !== 400) ?? 400
  return { family, italic: words.some((w) => w === 'italic' || w === 'oblique'), weight }
}

/** The first `url(…)` of a `src` given as WOFF2 (plain or variable). */
function woff2Url(src: string): string | null {
  for (const m of src.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)\s*(?:format\(\s*['"]?([\w-]+)['"]?\s*\))?/g)) {
    const format = m[3]?.toLowerCase()
    if (format ? format.startsWith('woff2') : m[2]!.endsWith('.woff2')) return m[2]!
  }
  return null
}

/** Whether a `unicode-range` includes the Latin alphabet (U+0061, 'a'); an unreadable one is taken not to. */
function coversLatin(range: string): boolean {
  const a = 0x61
  return range.split(',').some((part) => {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part)
    if (!m) return false
    const low = parseInt(m[1]!.replace(/\?/g, '0'), 16)
    const high = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16)
    return low <= a && a <= high
  })
}
