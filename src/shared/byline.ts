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

/** What may follow the names of an attribution: "on behalf of …", an affiliation, a role. */
const AFTER_NAMES = /\s+(?:on behalf of|for|from|at|of)\s+.*$|\s*[(,:;].*$/i

/**
 * Whether a paragraph of plain text is an attribution line: "by Simon Byrne", "— Orestis
 * Ousoultzoglou on behalf of the admin team", "By Ada Lovelace and Charles Babbage". It opens
 * with "by" or a dash and names people (capitalised names, joined by "and" or commas) in a dozen
 * words at most: it says who wrote or said something, never what the essay says. "By Monday we
 * had finished" does not name anyone, and is prose.
 */
export function isAttribution(text: string): boolean {
  const line = text.trim()
  const opening = /^(?:by\s+|[—–]\s*|--\s*)(.+)$/iu.exec(line)
  if (!opening || line.split(/\s+/).length > 12) return false
  const names = opening[1].replace(/\.$/, '').replace(AFTER_NAMES, '')
  const parts = names.split(/\s*,\s*|\s+and\s+|\s*&\s*/).filter(Boolean)
  return parts.length > 0 && parts.every((name) => NAME.test(name) && name.split(/\s+/).length <= 5)
}
