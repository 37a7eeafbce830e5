/**
 * An SVG's CSS colour expressions — `var(--_line)`, `var(--muted, color-mix(in srgb, var(--fg) 60%,
 * var(--bg)))` — worked out to `#rrggbb`, so that it draws the same where no browser reads it:
 * librsvg (sharp, turning a figure into the arXiv archive's PNG), feed readers, print
 * converters. beautiful-mermaid derives its whole palette this way from two colours; librsvg
 * draws every such fill black. Custom properties are read from the root element's `style` and
 * the document's `<style>` (the first declaration of a name wins, as the root's would); an
 * expression it cannot work out is left as written, for browsers.
 */
export function resolveColours(svg: string): string {
  const properties = customProperties(svg)
  let out = ''
  let from = 0
  for (let at = nextExpression(svg, from); at !== -1; at = nextExpression(svg, from)) {
    const parsed = new Expression(svg, at, properties).read()
    out += svg.slice(from, at)
    if (parsed && parsed.colour) out += parsed.colour
    else out += svg.slice(at, parsed?.end ?? at + 4)
    from = parsed?.end ?? at + 4
  }
  return out + svg.slice(from)
}

type Rgb = [number, number, number]

function nextExpression(svg: string, from: number): number {
  const found = [svg.indexOf('var(', from), svg.indexOf('color-mix(', from)].filter((i) => i !== -1)
  return found.length > 0 ? Math.min(...found) : -1
}

function customProperties(svg: string): Map<string, string> {
  const found = new Map<string, string>()
  const root = /<svg\b[^>]*?\sstyle="([^"]*)"/.exec(svg)?.[1] ?? ''
  for (const m of `${root};`.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) if (!found.has(m[1])) found.set(m[1], m[2].trim())
  for (const style of svg.matchAll(/<style\b[^>]*>([^]*?)<\/style>/g))
    for (const m of style[1].matchAll(/(--[\w-]+)\s*:\s*([^;{}]+);/g))
      if (!found.has(m[1])) found.set(m[1], m[2].trim())
  return found
}

/** A small reader of the colour expressions CSS allows here: hex, var() with fallback, color-mix(in srgb). */
class Expression {
  private depth = 0
  constructor(
    private readonly text: string,
    private at: number,
    private readonly properties: ReadonlyMap<string, string>,
  ) {}

  /** The expression at the start: its colour (null when unknown) and where it ends; null if it is not one. */
  read(): { colour: string | null; end: number } | null {
    const rgb = this.value()
    if (rgb === undefined) return null
    return { colour: rgb ? hex(rgb) : null, end: this.at }
  }

  /** undefined: not an expression; null: one whose colour is not known. */
  private value(): Rgb | null | undefined {
    this.space()
    const rest = this.text.slice(this.at, this.at + 12)
    const colour = /^#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(rest)
    if (colour) {
      this.at += colour[0].length
      return parseHex(colour[1])
    }
    if (rest.startsWith('var(')) return this.variable()
    if (rest.startsWith('color-mix(')) return this.mix()
    return undefined
  }

  private variable(): Rgb | null | undefined {
    this.at += 4
    const name = /^\s*(--[\w-]+)\s*/.exec(this.text.slice(this.at, this.at + 80))
    if (!name) return undefined
    this.at += name[0].length
    let fallback: Rgb | null | undefined = null
    if (this.text[this.at] === ',') {
      this.at++
      fallback = this.value()
      if (fallback === undefined) return undefined
      this.space()
    }
    if (this.text[this.at] !== ')') return undefined
    this.at++
    const defined = this.properties.get(name[1])
    if (defined === undefined || this.depth > 8) return fallback
    this.depth++
    const resolved = new Expression(defined, 0, this.properties).nested(this.depth).read()
    this.depth--
    return resolved ? (resolved.colour ? parseHex(resolved.colour.slice(1)) : null) : fallback
  }

  private nested(depth: number): this {
    this.depth = depth
    return this
  }

  private mix(): Rgb | null | undefined {
    this.at += 'color-mix('.length
    const space = /^\s*in\s+srgb\s*,/.exec(this.text.slice(this.at, this.at + 20))
    if (!space) return undefined
    this.at += space[0].length
    const a = this.value()
    const pa = this.percent()
    this.space()
    if (a === undefined || this.text[this.at] !== ',') return undefined
    this.at++
    const b = this.value()
    const pb = this.percent()
    this.space()
    if (b === undefined || this.text[this.at] !== ')') return undefined
    this.at++
    if (!a || !b) return null
    // CSS's rule: a missing percentage is what the other leaves, both missing are 50 % each.
    const wa = pa ?? (pb === null ? 50 : 100 - pb)
    const wb = pb ?? 100 - wa
    const total = wa + wb
    if (total <= 0) return null
    return [0, 1, 2].map((i) => (a[i] * wa + b[i] * wb) / total) as Rgb
  }

  private percent(): number | null {
    const m = /^\s*(\d+(?:\.\d+)?)%/.exec(this.text.slice(this.at, this.at + 12))
    if (!m) return null
    this.at += m[0].length
    return Number(m[1])
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++
  }
}

function parseHex(digits: string): Rgb {
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb
}

function hex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}
