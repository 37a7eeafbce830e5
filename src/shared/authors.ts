/**
 * One author of an essay, read from the post's author line the way a reader reads it.
 * `family` and `given` are null for a name that is not a person's (an organisation, a team, a
 * name in a script without capitals), which citations then print as written.
 */
export interface AuthorName {
  /** The name in reading order: "Ashish Vaswani" (also when written "Vaswani, Ashish"). */
  name: string
  /** As the author line spells it: "Vaswani, Ashish" stays so (Scholar and BibTeX read that order). */
  written: string
  family: string | null
  given: string | null
  /** "Jr.", "III". */
  suffix: string | null
  /** Written family name first ("Vaswani, Ashish"): the family name is known, not guessed. */
  inverted: boolean
}

export interface AuthorList {
  authors: AuthorName[]
  /** The line ended in "et al." or "and others": there are more authors than it names. */
  others: boolean
}

/** Lower-case particles that belong to a family name: "Ludwig van Beethoven", "Vincent van Gogh". */
const PARTICLES = new Set(
  "van von de der den da di du le la del della des dos das ten ter bin ibn al el d’ d'".split(' '),
)
const SUFFIX = /^(?:jr|sr|jnr|snr|ii|iii|iv|v)\.?$/i
/** A capitalised name word: "Ashish", "O'Neil", "Jean-Paul", "Zhang", "Ó". */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’.-]*$/u
/** Initials only: "J.", "J. K.", "J.K.", "J.-P.", "JK". */
const INITIALS = /^(?:\p{Lu}\.?(?:[\s-]+|$))+$/u
const OTHERS =
  /(?:^|,?\s+|,\s*)(?:et\s+al\.?|(?:and|&)\s+others|u\.\s*a\.|(?:(?:and|&)\s+)?(?:many|several|numerous|other|the\s+other)\s+(?:[\p{Ll}-]+\s+){0,2}(?:contributors|collaborators|others|authors|people))\s*$/iu
/** Words that make a name a group's: "The Julia Community", "Julia GSoC admin team", "JuliaCon Organizing Committee". */
const GROUP =
  /^the\s|\b(?:team|community|committee|contributors|developers|organi[sz]ers|group|project|foundation|university|institute|laborator(?:y|ies)|lab|society|association|consortium|collective|staff|editors|inc\.?|ltd\.?|llc)\b/i

/**
 * The authors an essay's author line names. Reads lists joined by ", ", " and ", "&" and ";"
 * (the Oxford comma too), front-matter lists (stored joined by ", ", or by "; " when a name
 * holds a comma), a single "Last, First" author ("Vaswani, Ashish", "Smith, J. K."), BibTeX's
 * "Last, First and Last, First", APA's "Smith, J., & Jones, K.", "et al." (`others`), and
 * drops affiliations in parentheses ("Mike Innes (JuliaHub)") and a leading "By".
 * One rule for the meta tags, JSON-LD, the "Cite this" box and the feeds.
 */
export function splitAuthors(line: string): AuthorList {
  let text = withoutAffiliations(line.replace(/\s+/g, ' ').trim())
    .replace(/^by\s+/i, '')
    .trim()
  const others = OTHERS.test(text)
  if (others) text = text.replace(OTHERS, '').trim()
  text = text.replace(/[,;&\s]+$/u, '').replace(/^[,;&\s]+/u, '')
  if (!text) return { authors: [], others }
  return { authors: nameParts(text).map(readName), others }
}

/** The parts of the line that are one name each, as written. */
function nameParts(text: string): string[] {
  if (text.includes(';'))
    return text
      .split(/\s*;\s*/)
      .map(withoutJoiner)
      .filter(Boolean)
  const chunks = text.split(/\s*,?\s+(?:and|&)\s+|\s*&\s*/i).map((c) => c.trim())
  // BibTeX's "Vaswani, Ashish and Shazeer, Noam": every chunk one family-name-first name.
  if (chunks.length > 1 && chunks.every(isInvertedPair)) return chunks
  const tokens = attachSuffixes(
    text
      .split(/\s*,\s*/)
      .flatMap((part) => part.split(/\s+(?:and|&)\s+|\s*&\s*/i))
      .map(withoutJoiner)
      .filter(Boolean),
  )
  // APA's "Smith, J., Jones, K. L., & Brown, A.": surnames each followed by initials.
  if (
    tokens.length >= 2 &&
    tokens.length % 2 === 0 &&
    pairsOf(tokens).every(([f, g]) => isFamily(f) && INITIALS.test(g))
  )
    return pairsOf(tokens).map(([f, g]) => `${f}, ${g}`)
  // A single "Vaswani, Ashish": a family name, then given names; joined by no "and".
  if (tokens.length === 2 && chunks.length === 1 && isInvertedPair(`${tokens[0]}, ${tokens[1]}`))
    return [`${tokens[0]}, ${tokens[1]}`]
  return tokens
}

const withoutJoiner = (part: string) => part.replace(/^(?:and|&)\s+/i, '').trim()

function pairsOf(tokens: string[]): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i < tokens.length; i += 2) pairs.push([tokens[i], tokens[i + 1]])
  return pairs
}

/** "King, Jr." and "Gates III" keep their suffix: it is no name of its own. */
function attachSuffixes(tokens: string[]): string[] {
  const out: string[] = []
  for (const token of tokens) {
    if (out.length && SUFFIX.test(token)) out[out.length - 1] = `${out[out.length - 1]}, ${token}`
    else out.push(token)
  }
  return out
}

/** "Vaswani, Ashish", "van der Waals, J. D.", "King, Martin Luther, Jr.". */
function isInvertedPair(text: string): boolean {
  const parts = text.split(/\s*,\s*/)
  if (parts.length < 2 || parts.length > 3) return false
  if (parts.length === 3 && !SUFFIX.test(parts[2])) return false
  const givenWords = parts[1].split(/\s+/)
  return isFamily(parts[0]) && givenWords.length <= 4 && givenWords.every((w) => NAME_WORD.test(w))
}

/** A family name alone: one capitalised word (maybe hyphenated), after particles ("van der Waals"). */
function isFamily(text: string): boolean {
  const words = text.split(/\s+/)
  const last = words.pop() ?? ''
  return NAME_WORD.test(last) && !INITIALS.test(last) && words.every((w) => PARTICLES.has(w.toLowerCase()))
}

/** Parenthesised affiliations, also full-width ones and nested ones: "Mike Innes (JuliaHub)". */
function withoutAffiliations(text: string): string {
  let out = text
  for (let i = 0; i < 3; i++) {
    const next = out.replace(/\s*[(（][^()（）]*[)）]/gu, '')
    if (next === out) break
    out = next
  }
  return out
}

function readName(written: string): AuthorName {
  const comma = written.split(/\s*,\s*/)
  if (comma.length >= 2 && isFamily(comma[0])) {
    const suffix = comma.length > 2 && SUFFIX.test(comma[2]) ? comma[2] : null
    const [family, given] = [comma[0], comma[1]]
    return { name: joinName(given, family, suffix), written, family, given, suffix, inverted: true }
  }
  const words = written.split(/\s+/)
  const suffix = words.length > 2 && SUFFIX.test(words[words.length - 1].replace(/,$/, '')) ? words.pop()! : null
  if (suffix) words[words.length - 1] = words[words.length - 1].replace(/,$/, '')
  if (!isPersonal(words)) return { name: written, written, family: null, given: null, suffix: null, inverted: false }
  // The family name is the last word, with the particles before it ("Vincent van Gogh").
  let start = words.length - 1
  while (start > 1 && PARTICLES.has(words[start - 1].toLowerCase())) start--
  const family = words.slice(start).join(' ')
  const given = words.slice(0, start).join(' ') || null
  return { name: written, written, family, given, suffix, inverted: false }
}

/** Capitalised words (and particles) of a person's name, at most five: "d2l.ai team" is not one. */
function isPersonal(words: string[]): boolean {
  return (
    words.length >= 1 &&
    !GROUP.test(words.join(' ')) &&
    words.length <= 5 &&
    NAME_WORD.test(words[0]) &&
    words.every((w) => NAME_WORD.test(w) || PARTICLES.has(w.toLowerCase()))
  )
}

const joinName = (given: string | null, family: string, suffix: string | null) =>
  [given, family].filter(Boolean).join(' ') + (suffix ? `, ${suffix}` : '')

/** The names of the line, in reading order (for a byline, a feed's authors, schema.org). */
export function authorNames(line: string): string[] {
  return splitAuthors(line).authors.map((a) => a.name)
}
