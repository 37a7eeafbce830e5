import type { XrefHit } from './xref-catalog.js'
import { parseXref, type XrefTarget } from './xref-target.js'
import { QUARTO_PREFIXES, quartoPrefix } from '../shared/quarto-prefixes.js'

/**
 * A link the renderer marked (`<a … data-xref="…">text</a>`), as rehype-stringify writes it:
 * double-quoted attributes, no `<a>` inside another. Attribute values cannot hold `"`, so the
 * attribute list is matched value by value, whatever characters a value holds.
 */
const MARKED_LINK =
  /<a((?:\s+[\w:.-]+(?:="[^"]*")?)*?)\s+data-xref="([^"]*)"((?:\s+[\w:.-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/a>/g
const HREF = /\s+href="[^"]*"/
/** A link's address on the author's own published site, given at import (rehype-xref-links.ts). */
const PUBLISHED_HREF = /\s+href="https?:\/\/[^"]*"/

/** Whether `html` holds any marked link (the common case is none: nothing to do). */
export function hasXrefLinks(html: string): boolean {
  return html.includes(' data-xref="')
}

/** Every marked link's target, in order, but for those that lead to the author's own site when no post is found. */
export function xrefTargetsIn(html: string): XrefTarget[] {
  const out: XrefTarget[] = []
  for (const m of html.matchAll(MARKED_LINK)) {
    if (PUBLISHED_HREF.test(m[1] + m[3])) continue
    const target = parseXref(decodeAttribute(m[2]))
    if (target) out.push(target)
  }
  return out
}

/**
 * Rewrites each marked link with what `resolve` found for it: a link to the post and element,
 * with a label's text said by the target (“Section “Linear Regression””); or, when nothing was
 * found, a link to the page on the author's published site when the import knew it, else the
 * link's own text without a link, so a reader never meets a dead end.
 */
export async function rewriteXrefLinks(
  html: string,
  resolve: (target: XrefTarget) => Promise<XrefHit | null>,
): Promise<string> {
  const matches = [...html.matchAll(MARKED_LINK)]
  if (matches.length === 0) return html
  const hits = await Promise.all(
    matches.map((m) => {
      const target = parseXref(decodeAttribute(m[2]))
      return target ? resolve(target).then((hit) => ({ target, hit })) : Promise.resolve(null)
    }),
  )
  let out = ''
  let pos = 0
  matches.forEach((m, i) => {
    out += html.slice(pos, m.index)
    pos = m.index + m[0].length
    const found = hits[i]
    if (!found) {
      out += m[0]
      return
    }
    const inner = m[4]
    if (!found.hit) {
      const attributes = m[1] + m[3]
      out += PUBLISHED_HREF.test(attributes) ? `<a${attributes}>${inner}</a>` : inner
      return
    }
    const { hit, target } = found
    const attributes = (m[1] + m[3]).replace(HREF, '')
    const text =
      target.kind === 'label'
        ? target.style === 'text'
          ? fillNumber(inner, hit)
          : escapeHtml(labelText(hit, target.style))
        : namesItsAddress(inner, target)
          ? escapeHtml(hit.post.title)
          : inner
    out += `<a href="${escapeHtml(postHref(hit))}"${attributes}>${text}</a>`
  })
  return out + html.slice(pos)
}

/** The author's own text for a reference, with Sphinx's `%s` or MyST's `{number}` standing for the target's number. */
function fillNumber(inner: string, hit: XrefHit): string {
  const number = hit.anchor?.number
  return number ? inner.replace(/%s|\{number\}/g, escapeHtml(number)) : inner
}

/**
 * A link whose text is only the address it names (a d2l table of contents lists `gd` for
 * `gd.md`) reads better as the title of the post it leads to.
 */
export function namesItsAddress(inner: string, target: XrefTarget): boolean {
  if (target.kind === 'post') return inner.trim() === target.name
  if (target.kind !== 'file' && target.kind !== 'site') return false
  const address = target.path.replace(/^\/+|\/+$/g, '').replace(/\.(?:md|markdown|qmd|ipynb|html?)$/i, '')
  const text = inner.trim()
  const leaf = address.split('/').pop() ?? address
  // MyST's `{doc}` without text reads `stationary_densities` as "stationary densities" until resolved.
  return text !== '' && (text === address || text === leaf || text === leaf.replace(/[_-]+/g, ' ').trim())
}

/** `/posts/{slug}#{id}`: the canonical address (DECISIONS.md), at the element when there is one. */
export function postHref(hit: XrefHit): string {
  return `/posts/${encodeURIComponent(hit.post.slug)}${hit.id ? '#' + encodeURIComponent(hit.id) : ''}`
}

/** What a label reference reads once its target is known, as d2l's own build would say it. */
export function labelText(
  hit: Pick<XrefHit, 'anchor'> & { post: { title: string } },
  style: 'name' | 'equation' | 'number' | 'text',
): string {
  const anchor = hit.anchor
  const post = `“${hit.post.title}”`
  // A page named by its file name (MyST's `[](page)`, Jupyter Book's `{doc}`) reads as its title.
  if (!anchor) return style === 'name' ? hit.post.title : post
  // bookdown's `\@ref` stands for the number; the author wrote "Figure" before it.
  if (style === 'number') return anchor.number ?? (anchor.kind === 'section' ? anchor.title || hit.post.title : post)
  switch (anchor.kind) {
    case 'equation':
      return style === 'equation'
        ? `(${anchor.number ?? '?'}) in ${post}`
        : `Equation (${anchor.number ?? '?'}) in ${post}`
    case 'figure':
      return `Figure ${anchor.number ?? ''} in ${post}`.replace('  ', ' ')
    case 'table':
      return `Table ${anchor.number ?? ''} in ${post}`.replace('  ', ' ')
    case 'section':
      // a book's numbered chapter or section, as Quarto says it: "Chapter 3", "Appendix A", "Section 3.2"
      if (anchor.number) return `${numberedSectionWord(anchor)} ${anchor.number}`
      return `${sectionWord(anchor.key)} “${anchor.title || hit.post.title}”`
    case 'anchor': {
      // A numbered block of another chapter says its kind and number, as Quarto does: "Theorem 2.1".
      const prefix = anchor.number ? quartoPrefix(anchor.key) : null
      if (prefix) return `${QUARTO_PREFIXES[prefix]} ${anchor.number}`
      // A label above the first heading names the post itself (the importer takes that heading for the title).
      return /^(?:chap(?:ter)?|sec|subsec|ssec)[_:-]/.test(anchor.key) ? `${sectionWord(anchor.key)} ${post}` : post
    }
  }
}

/** A chapter is the post's top (id ''), lettered in an appendix. */
function numberedSectionWord(anchor: NonNullable<XrefHit['anchor']>): string {
  if (anchor.id !== '') return 'Section'
  return /^[A-Z]+$/.test(anchor.number ?? '') ? 'Appendix' : 'Chapter'
}

function sectionWord(key: string): string {
  return /^chap(?:ter)?[_:-]/.test(key) ? 'Chapter' : 'Section'
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** rehype-stringify writes `&` and `"` in attribute values as character references. */
function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|quot|lt|gt|apos));/gi,
    (whole, hex: string, dec: string, name: string) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16))
      if (dec) return String.fromCodePoint(parseInt(dec, 10))
      return { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" }[name.toLowerCase()] ?? whole
    },
  )
}
