import { join } from 'node:path'
import { packageRoot } from '../core/paths.js'

/** The family name inside the bundled TTFs; the site's essays are set in it too. */
export const FONT_FAMILY = 'Source Serif 4'

export type FontFace = 'regular' | 'semibold' | 'italic'

const FILES: Record<FontFace, string> = {
  regular: 'SourceSerif4-Regular.ttf',
  semibold: 'SourceSerif4-SemiBold.ttf',
  italic: 'SourceSerif4-Italic.ttf',
}

/**
 * Paths of the bundled faces (OFL, in assets/fonts with their licence). resvg draws no text at
 * all on a machine without fonts unless it is given files (STACK.md), and system fonts would make
 * the artwork differ between machines, so only these are ever loaded. They are TTFs because
 * resvg reads neither WOFF nor WOFF2, the only formats the @fontsource packages ship.
 */
export function fontFile(face: FontFace): string {
  return join(packageRoot, 'assets', 'fonts', FILES[face])
}

export const fontFiles = (): string[] => (Object.keys(FILES) as FontFace[]).map(fontFile)
