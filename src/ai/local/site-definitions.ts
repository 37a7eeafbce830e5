import type { SiteIndex } from '../../text/site-index.js'
import type { KeyTerm } from '../../text/key-terms.js'
import { clip } from '../../text/format.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'
import { definers, termPattern } from './term-patterns.js'

/**
 * The post of the site that explains the term: the one the essay links it to, else one whose
 * title is the term (or holds it), with its sentence defining the term when it has one.
 */
export function definingPost(
  term: KeyTerm,
  index: SiteIndex,
  selfId: number,
): { title: string; sentence: string | null; defines: boolean } | null {
  const posts = index.site.posts.filter((p) => p.id !== selfId)
  const slug = term.url
    ?.replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\.(?:md|html?)$/, '')
    .split('/')
    .pop()
  const norm = (t: string) =>
    ` ${t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()} `
  const want = norm(term.surface)
  const byLink =
    slug && term.url && !/^https?:/.test(term.url)
      ? // A short address ("/D/jl") is no tail of a dated slug: "…-forwarddiff-jl" is another post.
        posts.find((p) => p.slug === slug || (slug.length > 3 && p.slug.endsWith(`-${slug}`)))
      : undefined
  const byTitle = posts.filter((p) => norm(p.title).includes(want)).sort((a, b) => a.title.length - b.title.length)[0]
  // One word inside a longer title names another concept ("gradient" in "Gradient Descent", "model" in "The Base Classification Model").
  const size = want.trim().split(' ').length
  const titled = byTitle && norm(byTitle.title).trim().split(' ').length <= (size === 1 ? 1 : size + 3)
  const post = byLink ?? (titled ? byTitle : undefined)
  if (!post) return null
  const pattern = termPattern(term.key)
  const sentences = post.plainText
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.trim())
    .filter((x) => x.length >= 25 && x.length <= 400)
  // A sentence the guard would cut (TeX, an address) would leave the note without its point.
  const uses = sentences.filter((x) => pattern.test(x.toLowerCase()) && !hasTexInProse(x) && !/https?:\/\//.test(x))
  const defs = definers(pattern)
  const defining = uses.find((x) => defs.some((d) => d.pattern.test(x.toLowerCase())))
  const sentence = defining ?? uses[0] ?? null
  return { title: post.title, sentence: sentence ? clip(sentence, 240) : null, defines: defining !== undefined }
}
