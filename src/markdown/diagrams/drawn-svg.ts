import type { DrawnDiagram } from './diagram-protocol.js'
import { resolveColours } from './svg-colours.js'

/**
 * A drawing library's SVG as the page carries it: standalone (no XML prolog, doctype or
 * comments), no stylesheet fetched from elsewhere (beautiful-mermaid imports Inter from Google
 * Fonts, which an `<img>` may not load and a reader's browser should not be sent to), colours
 * worked out (svg-colours.ts), with its size and the texts written in it.
 */
export function drawnSvg(raw: string, kind: string): DrawnDiagram {
  const svg = resolveColours(
    raw
      .replace(/<\?xml[^>]*\?>/g, '')
      .replace(/<!DOCTYPE[^>]*>/gi, '')
      .replace(/<!--[^]*?-->/g, '')
      .replace(/@import\s+url\([^)]*\)\s*;?/g, '')
      .trim(),
  )
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const box = /\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(root)
  const width = lengthOf(/\bwidth="([\d.]+)(?:px|pt)?"/.exec(root), box?.[1])
  const height = lengthOf(/\bheight="([\d.]+)(?:px|pt)?"/.exec(root), box?.[2])
  return { svg, width, height, kind, labels: textsOf(svg) }
}

/** Graphviz sizes in points (`width="62pt"`), which the browser draws at 4/3 px each. */
function lengthOf(attribute: RegExpExecArray | null, fallback: string | undefined): number {
  const value = Number(attribute?.[1] ?? fallback ?? 0)
  const points = attribute?.[0].includes('pt') ?? false
  return Math.max(1, Math.round(points ? (value * 4) / 3 : value))
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function textsOf(svg: string): string[] {
  const seen = new Set<string>()
  for (const m of svg.matchAll(/<text\b[^>]*>([^]*?)<\/text>/g)) {
    const text = m[1]
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, name: string) =>
        name.startsWith('#x') || name.startsWith('#X')
          ? String.fromCodePoint(parseInt(name.slice(2), 16))
          : name.startsWith('#')
            ? String.fromCodePoint(Number(name.slice(1)))
            : (ENTITIES[name] ?? all),
      )
      .replace(/\s+/g, ' ')
      .trim()
    if (text) seen.add(text)
  }
  return [...seen]
}
