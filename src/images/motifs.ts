import type { Palette } from './palettes.js'
import type { Random } from './seed.js'
import { escapeXml, fitLine, n } from './svg-text.js'
import { FONT_FAMILY } from './fonts.js'

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** One family of figure. `labels` are concepts a figure may name (content images); banners pass none. */
export interface Motif {
  name: string
  draw(r: Random, p: Palette, box: Box, labels: string[]): string
}

const TAU = Math.PI * 2

/** Graph paper: the quiet ground every figure stands on. */
export function gridPaper(p: Palette, box: Box, step: number, opacity: number): string {
  const lines: string[] = []
  for (let x = box.x + step; x < box.x + box.w; x += step) lines.push(`M${n(x)} ${n(box.y)}V${n(box.y + box.h)}`)
  for (let y = box.y + step; y < box.y + box.h; y += step) lines.push(`M${n(box.x)} ${n(y)}H${n(box.x + box.w)}`)
  return `<path d="${lines.join('')}" stroke="${p.line}" stroke-width="1" opacity="${opacity}" fill="none"/>`
}

function label(p: Palette, text: string, x: number, y: number, anchor: 'start' | 'end' = 'start'): string {
  const fitted = fitLine(text, 'italic', 19, 220)
  return `<text x="${n(x)}" y="${n(y)}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-style="italic" font-size="19" fill="${p.ink}" stroke="${p.paper}" stroke-width="5" stroke-linejoin="round" paint-order="stroke">${escapeXml(fitted)}</text>`
}

function arc(cx: number, cy: number, radius: number, from: number, to: number): string {
  const large = to - from > Math.PI ? 1 : 0
  const [x1, y1] = [cx + radius * Math.cos(from), cy + radius * Math.sin(from)]
  const [x2, y2] = [cx + radius * Math.cos(to), cy + radius * Math.sin(to)]
  return `M${n(x1)} ${n(y1)}A${n(radius)} ${n(radius)} 0 ${large} 1 ${n(x2)} ${n(y2)}`
}

/** Concentric orbits with a few bodies and a graduated rim, like a plate in an old astronomy. */
const orbits: Motif = {
  name: 'orbital diagram',
  draw(r, p, box, labels) {
    const cx = box.x + box.w * r.range(0.5, 0.68)
    const cy = box.y + box.h * r.range(0.42, 0.58)
    const outer = Math.min(box.w, box.h) * r.range(0.46, 0.56)
    const out: string[] = []
    const radii: number[] = []
    for (let rad = outer; rad > outer * 0.12; rad /= r.range(1.22, 1.4)) radii.push(rad)
    out.push(
      `<g fill="none" stroke="${p.line}" stroke-width="1.4">${radii.map((rad) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}"/>`).join('')}</g>`,
    )
    const ticks: string[] = []
    for (let deg = 0; deg < 360; deg += 5) {
      const a = (deg * Math.PI) / 180
      const len = deg % 30 === 0 ? 14 : 6
      ticks.push(
        `M${n(cx + outer * Math.cos(a))} ${n(cy + outer * Math.sin(a))}L${n(cx + (outer + len) * Math.cos(a))} ${n(cy + (outer + len) * Math.sin(a))}`,
      )
    }
    out.push(`<path d="${ticks.join('')}" stroke="${p.ink}" stroke-width="1" opacity="0.45"/>`)
    for (const [i, colour] of [p.accent, p.second].entries()) {
      const rad = radii[Math.min(radii.length - 1, 1 + i * 2)]
      const from = r.range(0, TAU)
      out.push(
        `<path d="${arc(cx, cy, rad, from, from + r.range(1.2, 2.6))}" stroke="${colour}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
      )
    }
    const bodies = Math.min(radii.length, Math.max(3, labels.length))
    for (let i = 0; i < bodies; i++) {
      const rad = radii[i]
      const a = r.range(0, TAU)
      const [x, y] = [cx + rad * Math.cos(a), cy + rad * Math.sin(a)]
      const colour = i % 3 === 0 ? p.accent : i % 3 === 1 ? p.second : p.ink
      out.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r.range(5, 9))}" fill="${colour}"/><circle cx="${n(x)}" cy="${n(y)}" r="15" fill="none" stroke="${colour}" stroke-width="1" opacity="0.6"/>`,
      )
      if (labels[i]) out.push(label(p, labels[i], x + (x < cx ? -22 : 22), y + 6, x < cx ? 'end' : 'start'))
    }
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="4" fill="${p.ink}"/>`)
    return out.join('')
  },
}

/** A harmonograph: two slightly detuned pendulums per axis, slowly dying away into nested loops. */
const harmonograph: Motif = {
  name: 'harmonograph',
  draw(r, p, box) {
    const cx = box.x + box.w / 2
    const cy = box.y + box.h / 2
    const amp = Math.min(box.w, box.h) * 0.46
    const [fx, fy] = r.pick([
      [2, 3],
      [3, 2],
      [1, 2],
      [2, 1],
      [3, 4],
      [4, 3],
      [1, 3],
    ] as const)
    const [ex, ey] = [r.range(0.004, 0.012), r.range(0.004, 0.012)]
    const phases = [r.range(0, TAU), r.range(0, TAU), r.range(0, TAU), r.range(0, TAU)]
    const damping = r.range(0.008, 0.014)
    const steps = 5000
    const end = 50 * Math.PI
    const points: string[] = []
    for (let i = 0; i <= steps; i++) {
      const t = (i / steps) * end
      const decay = Math.exp(-damping * t)
      const x =
        cx +
        amp *
          decay *
          (Math.sin(fx * t + phases[0]) + Math.sin((fx + ex) * t + phases[1])) *
          0.5 *
          (box.w > box.h ? 1.15 : 1)
      const y = cy + amp * decay * (Math.sin(fy * t + phases[2]) + Math.sin((fy + ey) * t + phases[3])) * 0.5
      points.push(`${n(x)} ${n(y)}`)
    }
    return `<path d="M${points.join('L')}" fill="none" stroke="${p.accent}" stroke-width="1" opacity="0.9"/><circle cx="${n(cx)}" cy="${n(cy)}" r="3" fill="${p.second}"/>`
  },
}

/** Squares of a golden rectangle, each with its quarter arc: the spiral everyone recognises. */
const goldenTiling: Motif = {
  name: 'golden tiling',
  draw(r, p, box) {
    const phi = (1 + Math.sqrt(5)) / 2
    let w = Math.min(box.w * 0.9, box.h * 0.9 * phi)
    let h = w / phi
    let x = box.x + (box.w - w) / 2
    let y = box.y + (box.h - h) / 2
    const squares: string[] = []
    const arcs: string[] = []
    const fills: string[] = []
    const flip = r.chance(0.5)
    for (let i = 0; i < 9; i++) {
      const side = Math.min(w, h)
      const dir = (i + (flip ? 2 : 0)) % 4
      let sx = x
      let sy = y
      if (dir === 0) {
        x += side
        w -= side
      } else if (dir === 1) {
        y += side
        h -= side
      } else if (dir === 2) {
        sx = x + w - side
        w -= side
      } else {
        sy = y + h - side
        h -= side
      }
      squares.push(`M${n(sx)} ${n(sy)}h${n(side)}v${n(side)}h${n(-side)}Z`)
      // The quarter circle runs between the corners the spiral passes through.
      const corners = [
        [sx + side, sy + side, Math.PI, Math.PI * 1.5],
        [sx, sy + side, Math.PI * 1.5, TAU],
        [sx, sy, 0, Math.PI / 2],
        [sx + side, sy, Math.PI / 2, Math.PI],
      ] as const
      const [ax, ay, a0, a1] = corners[dir]
      arcs.push(arc(ax, ay, side, a0, a1))
      if (i % 3 === 1)
        fills.push(
          `<rect x="${n(sx)}" y="${n(sy)}" width="${n(side)}" height="${n(side)}" fill="${i % 2 ? p.accent : p.second}" opacity="0.16"/>`,
        )
    }
    return `${fills.join('')}<path d="${squares.join('')}" fill="none" stroke="${p.line}" stroke-width="1.5"/><path d="${arcs.join('')}" fill="none" stroke="${p.accent}" stroke-width="3.2" stroke-linecap="round"/>`
  },
}

/** Parallel traces, each lifted where a slow wave passes: a quiet field of signal. */
const waveField: Motif = {
  name: 'wave field',
  draw(r, p, box) {
    const lines = r.int(16, 24)
    const gap = box.h / (lines + 2)
    const centre = box.x + box.w * r.range(0.35, 0.65)
    const spread = box.w * r.range(0.12, 0.22)
    const out: string[] = []
    for (let i = 0; i < lines; i++) {
      const base = box.y + gap * (i + 1.5)
      const amp = gap * r.range(1.2, 2.6)
      const freq = r.range(0.02, 0.05)
      const phase = r.range(0, TAU)
      const points: string[] = []
      for (let x = box.x; x <= box.x + box.w; x += 8) {
        const envelope = Math.exp(-((x - centre) ** 2) / (2 * spread * spread))
        points.push(`${n(x)} ${n(base - amp * envelope * (0.6 + 0.4 * Math.sin(freq * x + phase)))}`)
      }
      const highlight = i === Math.floor(lines / 3) ? p.accent : i === Math.floor((2 * lines) / 3) ? p.second : null
      out.push(
        `<path d="M${points.join('L')}" fill="none" stroke="${highlight ?? p.ink}" stroke-width="${highlight ? 2.4 : 1.1}" opacity="${highlight ? 0.95 : 0.45}"/>`,
      )
    }
    return out.join('')
  },
}

/** Ideas as stars: points joined to their nearest neighbours, a few named. */
const constellation: Motif = {
  name: 'constellation of ideas',
  draw(r, p, box, labels) {
    const points: [number, number][] = []
    const wanted = r.int(14, 22)
    const minGap = Math.sqrt((box.w * box.h) / wanted) * 0.55
    for (let tries = 0; points.length < wanted && tries < 2000; tries++) {
      const pt: [number, number] = [box.x + r.range(0.08, 0.92) * box.w, box.y + r.range(0.1, 0.9) * box.h]
      if (points.every(([x, y]) => Math.hypot(x - pt[0], y - pt[1]) > minGap)) points.push(pt)
    }
    const edges = new Set<string>()
    points.forEach(([x, y], i) => {
      const nearest = points
        .map(([px, py], j) => ({ j, d: Math.hypot(px - x, py - y) }))
        .filter((e) => e.j !== i)
        .sort((a, b) => a.d - b.d)
        .slice(0, 2)
      for (const { j } of nearest) edges.add(i < j ? `${i}-${j}` : `${j}-${i}`)
    })
    const path = [...edges].map((e) => {
      const [a, b] = e.split('-').map(Number)
      return `M${n(points[a][0])} ${n(points[a][1])}L${n(points[b][0])} ${n(points[b][1])}`
    })
    const out = [`<path d="${path.join('')}" stroke="${p.ink}" stroke-width="1.2" opacity="0.4" fill="none"/>`]
    points.forEach(([x, y], i) => {
      const major = i < Math.max(3, labels.length)
      const colour = major ? (i % 2 ? p.second : p.accent) : p.ink
      out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${major ? 7 : 3.2}" fill="${colour}"/>`)
      if (major)
        out.push(
          `<circle cx="${n(x)}" cy="${n(y)}" r="16" fill="none" stroke="${colour}" stroke-width="1" opacity="0.55"/>`,
        )
      if (labels[i])
        out.push(
          label(
            p,
            labels[i],
            x + (x > box.x + box.w * 0.6 ? -24 : 24),
            y - 14,
            x > box.x + box.w * 0.6 ? 'end' : 'start',
          ),
        )
    })
    return out.join('')
  },
}

export const BANNER_MOTIFS: readonly Motif[] = [orbits, harmonograph, goldenTiling, waveField, constellation]
/** Figures that can name concepts come first: content images show what the essay is about. */
export const FIGURE_MOTIFS: readonly Motif[] = [constellation, orbits, harmonograph, goldenTiling, waveField]
