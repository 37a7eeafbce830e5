import { basename, dirname } from 'node:path'

/** Longest slug we produce; long titles are cut at a word boundary. */
export const MAX_SLUG_LENGTH = 80

/** The slug used when nothing else yields one (e.g. a Chinese title in `index.md`). */
export const FALLBACK_SLUG = 'post'

// Letters that NFKD does not decompose into an ASCII base letter.
const LATIN_SPELLINGS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ŋ: 'ng',
  ħ: 'h',
  ĸ: 'k',
}
// Mathematical titles use Greek letters as words ("The β-function", "Some π-ography").
const GREEK_NAMES: Record<string, string> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  ζ: 'zeta',
  η: 'eta',
  θ: 'theta',
  ι: 'iota',
  κ: 'kappa',
  λ: 'lambda',
  μ: 'mu',
  ν: 'nu',
  ξ: 'xi',
  ο: 'omicron',
  π: 'pi',
  ρ: 'rho',
  σ: 'sigma',
  ς: 'sigma',
  τ: 'tau',
  υ: 'upsilon',
  φ: 'phi',
  χ: 'chi',
  ψ: 'psi',
  ω: 'omega',
}
const LATIN_LETTERS = new RegExp(`[${Object.keys(LATIN_SPELLINGS).join('')}]`, 'g')
const GREEK_LETTERS = new RegExp(`[${Object.keys(GREEK_NAMES).join('')}]`, 'g')

/**
 * URL slug for a text: lower case ASCII words joined by '-' ("Émile Borel" → "emile-borel").
 * Letters without an ASCII spelling (Chinese, Arabic, …) are dropped, so the result may be ''
 * and callers must fall back to something else.
 */
export function slugify(text: string): string {
  const ascii = toAsciiLetters(text)
  const slug = ascii
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return cutAtDash(slug, MAX_SLUG_LENGTH)
}

/** `base` if free, else `base-2`, `base-3`, …, staying within the slug length limit. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  const root = base || FALLBACK_SLUG
  if (!taken(root)) return root
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = cutAtDash(root, MAX_SLUG_LENGTH - suffix.length) + suffix
    if (!taken(candidate)) return candidate
  }
}

/**
 * Slug from a file name without its extension: `2019/softmax-regression.md` →
 * `softmax-regression`. An `index.md` or `README.md` is named by its folder instead.
 * Returns '' when the name has no ASCII letters or digits.
 */
export function slugFromFileName(path: string): string {
  const normalised = path.replace(/\\/g, '/')
  const name = basename(normalised).replace(/\.(md|markdown|ipynb)$/i, '')
  if (/^(index|readme|_index)$/i.test(name)) {
    const folder = basename(dirname(normalised))
    const fromFolder = folder && folder !== '.' && folder !== '/' ? slugify(folder) : ''
    return fromFolder || slugify(name)
  }
  return slugify(name)
}

/**
 * The slug base for an essay (before uniqueness): the frontmatter slug, else the title, else
 * the file name, else 'post'. A title that is mostly in a script without an ASCII spelling
 * ("Julia将支持可组合的多线程并行机制") would lose its meaning, so the file name is used instead.
 */
export function essaySlug(options: { slug?: string | null; title?: string | null; path: string }): string {
  const fromFrontmatter = options.slug ? slugify(options.slug) : ''
  if (fromFrontmatter) return fromFrontmatter
  const title = options.title ?? ''
  const fromTitle = title && asciiCoverage(title) >= 0.75 ? slugify(title) : ''
  return fromTitle || slugFromFileName(options.path) || slugify(title) || FALLBACK_SLUG
}

/** Share of the letters in `text` that have an ASCII spelling (1 when there are none). */
export function asciiCoverage(text: string): number {
  const letters = text.match(/\p{L}/gu) ?? []
  if (!letters.length) return 1
  const spelled = letters.filter((letter) => /[a-z]/.test(toAsciiLetters(letter))).length
  return spelled / letters.length
}

function toAsciiLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LATIN_LETTERS, (letter) => LATIN_SPELLINGS[letter] ?? '')
    .replace(GREEK_LETTERS, (letter) => ` ${GREEK_NAMES[letter] ?? ''} `)
    .replace(/&/g, ' ')
}

function cutAtDash(slug: string, max: number): string {
  if (slug.length <= max) return slug
  const cut = slug.lastIndexOf('-', max)
  return (cut > 0 ? slug.slice(0, cut) : slug.slice(0, max)).replace(/-+$/, '')
}
