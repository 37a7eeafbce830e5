import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const PACKAGE = '@expo-google-fonts/source-serif-4'

/** The family name inside the bundled TTFs; the site's essays are set in it too. */
export const FONT_FAMILY = 'Source Serif 4'

export type FontFace = 'regular' | 'semibold' | 'italic'

const FILES: Record<FontFace, string> = {
  regular: '400Regular/SourceSerif4_400Regular.ttf',
  semibold: '600SemiBold/SourceSerif4_600SemiBold.ttf',
  italic: '400Regular_Italic/SourceSerif4_400Regular_Italic.ttf',
}

/**
 * Paths of the bundled faces (OFL, from the npm registry). resvg draws no text at all on a
 * machine without fonts unless it is given files (STACK.md), and system fonts would make the
 * artwork differ between machines, so only these are ever loaded.
 */
export function fontFile(face: FontFace): string {
  return require.resolve(`${PACKAGE}/${FILES[face]}`)
}

export const fontFiles = (): string[] => (Object.keys(FILES) as FontFace[]).map(fontFile)
