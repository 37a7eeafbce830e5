/** A personal name as bylines set it: capitalised words, with the particles names carry. */
const NAME = /^\p{Lu}[\p{L}.'’-]*(?:\s+(?:\p{Lu}[\p{L}.'’-]*|van|von|de|der|den|da|di|du|le|la|del|dos|bin|ibn))*$/u

/**
 * Whether a paragraph is a byline: names set in bold (`names`, its bold runs), each perhaps
 * with its affiliation in parentheses, joined by commas and "and" (`rest`, the paragraph
 * without its bold runs). d2l opens a chapter so: "**Pratik Chaudhari** (*University of
 * Pennsylvania and Amazon*), **Rasool Fakoor** (*Amazon*), and …". A byline says who wrote
 * the essay, not what it says: it is never its excerpt, nor the opening a lede repeats.
 */
export function isByline(names: readonly string[], rest: string): boolean {
  if (names.length === 0) return false
  if (!names.every((name) => NAME.test(name.trim()) && name.trim().split(/\s+/).length <= 5)) return false
  return (
    rest
      .replace(/\([^()]*\)/g, ' ')
      .replace(/\band\b|[,;&]/gi, ' ')
      .trim() === ''
  )
}
