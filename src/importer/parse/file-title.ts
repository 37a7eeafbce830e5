import { basename, dirname } from 'node:path'

/**
 * A readable title from a file name: `softmax-regression.md` → "Softmax regression".
 * `index.md`/`README.md` take their folder's name. Returns '' for a name with no letters or digits.
 */
export function titleFromFileName(path: string): string {
  const normalised = path.replace(/\\/g, '/')
  let name = basename(normalised).replace(/\.(md|markdown|ipynb)$/i, '')
  if (/^(index|readme|_index)$/i.test(name)) {
    const folder = basename(dirname(normalised))
    if (folder && folder !== '.' && folder !== '/') name = folder
  }
  const words = name.replace(/[-_.\s]+/g, ' ').trim()
  if (!/[\p{L}\p{N}]/u.test(words)) return ''
  return words.charAt(0).toUpperCase() + words.slice(1)
}
