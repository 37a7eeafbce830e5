/**
 * xcolor's colour expressions (`red!50`, `blue!30!black`), which LaTeX and MathJax's xcolor
 * accept and KaTeX does not: the colour they mix, as a hex KaTeX takes.
 */

/** xcolor's base and dvips-free named colours, as RGB in [0, 1]. */
const NAMED: Record<string, [number, number, number]> = {
  red: [1, 0, 0],
  green: [0, 1, 0],
  blue: [0, 0, 1],
  cyan: [0, 1, 1],
  magenta: [1, 0, 1],
  yellow: [1, 1, 0],
  black: [0, 0, 0],
  white: [1, 1, 1],
  gray: [0.5, 0.5, 0.5],
  darkgray: [0.25, 0.25, 0.25],
  lightgray: [0.75, 0.75, 0.75],
  brown: [0.75, 0.5, 0.25],
  lime: [0.75, 1, 0],
  olive: [0.5, 0.5, 0],
  orange: [1, 0.5, 0],
  pink: [1, 0.75, 0.75],
  purple: [0.75, 0, 0.25],
  teal: [0, 0.5, 0.5],
  violet: [0.5, 0, 0.5],
}

/**
 * The hex (`#ff8080`) of an xcolor mix such as `red!50` (half red, half white) or
 * `red!30!blue!60` (read left to right, each `!p!c` keeping p % of what came before, a last
 * `!p` mixing with white); null for a plain name or anything not of that form.
 */
export function xcolorHex(expression: string): string | null {
  const parts = expression.trim().split('!')
  if (parts.length < 2) return null
  let color = NAMED[parts[0].toLowerCase()]
  if (!color) return null
  for (let i = 1; i < parts.length; i += 2) {
    const percent = Number(parts[i])
    if (parts[i] === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) return null
    const next = i + 1 < parts.length ? NAMED[parts[i + 1].toLowerCase()] : NAMED.white
    if (!next) return null
    const share = percent / 100
    color = [0, 1, 2].map((k) => share * color[k] + (1 - share) * next[k]) as [number, number, number]
  }
  return `#${color
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

const COLOR_ARGUMENT = /\\(color|textcolor|colorbox)\s*\{([A-Za-z]+(?:![^{}!]{0,8}){1,6})\}/g

/** `tex` with each colour command's xcolor mix given as the hex it stands for. */
export function xcolorMixes(tex: string): string {
  if (!tex.includes('!')) return tex
  return tex.replace(COLOR_ARGUMENT, (all, command: string, expression: string) => {
    const hex = xcolorHex(expression)
    return hex ? `\\${command}{${hex}}` : all
  })
}
