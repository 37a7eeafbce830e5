import { readFile } from 'node:fs/promises'

/** A site's YAML configuration file read as data; null when it is missing or not YAML. */
export async function readYaml(path: string): Promise<unknown> {
  try {
    // Loaded on first need: most imports (and every CLI start) meet no site configuration, and the
    // parser is a fifth of what `blog` would otherwise load before it does anything.
    const { parse } = await import('yaml')
    return parse(await readFile(path, 'utf8')) as unknown
  } catch {
    // A configuration we cannot read recognises nothing more than its file name does.
    return null
  }
}
