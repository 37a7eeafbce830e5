import type { EssayAnchor } from '../../shared/schemas/index.js'
import { chapterNumber } from './chapter-number.js'
import type { RefKind } from './placeholders.js'

/** What the sanitizer prefixes author-chosen ids with (heading `{#key}` and `<a id>` anchors alike). */
const ID_PREFIX = 'user-content-'

/** Something a reference can point at, other than an equation. */
export interface Anchor {
  kind: 'section' | 'figure' | 'table' | 'anchor'
  /** Heading text (markdown) for sections; used as link text. */
  title?: string
  /** Running number for figures and tables ("3", or "2.3" in a book's chapter 2). */
  number?: string
}

/**
 * The labels of one document: equation numbers (`\label`, d2l `:eqlabel:`) and anchors
 * (d2l `:label:` on headings, figures and tables). Lives for one preprocess call. In a book's
 * chapter (`chapter`, "2" or "A") numbers are the chapter's: (2.1), Figure 2.3, as bookdown has them.
 */
export class LabelRegistry {
  private readonly equations = new Map<string, string>()
  private readonly anchors = new Map<string, Anchor>()
  private equationCount = 0
  private figureCount = 0
  private tableCount = 0

  constructor(private readonly chapter?: string) {}

  /** Numbers the next labelled display equation; a repeated key keeps its first number. */
  numberEquation(key: string): string {
    const known = this.equations.get(key)
    if (known) return known
    const n = chapterNumber(this.chapter, ++this.equationCount)
    this.equations.set(key, n)
    return n
  }

  /** A label on an equation that already carries its own `\tag{text}`. */
  tagEquation(key: string, tag: string): void {
    if (!this.equations.has(key)) this.equations.set(key, tag)
  }

  equation(key: string): string | undefined {
    return this.equations.get(key)
  }

  addAnchor(key: string, kind: Anchor['kind'], title?: string): void {
    if (this.anchors.has(key)) return
    const anchor: Anchor = { kind }
    if (title !== undefined) anchor.title = title
    if (kind === 'figure') anchor.number = chapterNumber(this.chapter, ++this.figureCount)
    if (kind === 'table') anchor.number = chapterNumber(this.chapter, ++this.tableCount)
    this.anchors.set(key, anchor)
  }

  /** A label whose number its figure gives it ("1a", a subfigure's), counted in no sequence. */
  addNumberedAnchor(key: string, kind: 'figure' | 'table', number: string, title?: string): void {
    if (this.anchors.has(key)) return
    this.anchors.set(key, { kind, number, ...(title !== undefined ? { title } : {}) })
  }

  /** Markdown for a reference, now that every label of the document is known. */
  resolve(kind: RefKind, key: string): string {
    const eq = this.equations.get(key)
    switch (kind) {
      // \ref is spelled like \eqref: without LaTeX's surrounding words, "(3)" reads better than "3".
      case 'tex-eqref':
      case 'tex-ref':
        return `\\text{(${eq ?? '?'})}`
      case 'eqref':
        return eq ? equationLink(key, eq) : '(?)'
      case 'ref':
        return eq ? equationLink(key, eq) : (this.anchorReference(key) ?? '(?)')
      case 'quarto-ref':
        // Not on this page: another chapter's, which the site finds when the post is read.
        return eq ? equationLink(key, eq) : (this.anchorReference(key) ?? foreignReference(key, 'name'))
      case 'd2l-eqref':
        return eq ? equationLink(key, eq) : foreignReference(key, 'equation')
      case 'numref':
      case 'd2l-ref':
        if (eq) return equationLink(key, eq)
        return this.anchorReference(key) ?? foreignReference(key, 'name')
    }
  }

  /**
   * The labels this document defines, for other posts to link to: sections, figures and
   * tables by the id their element gets (`user-content-` + key, as the sanitizer prefixes it);
   * equations by the anchor placed before their display (see equationAnchorId).
   * Titles are as written (markdown); the renderer replaces them with the heading's text.
   */
  list(): EssayAnchor[] {
    const out: EssayAnchor[] = []
    for (const [key, anchor] of this.anchors) {
      const entry: EssayAnchor = { key, id: ID_PREFIX + key, kind: anchor.kind }
      if (anchor.title) entry.title = anchor.title
      if (anchor.number !== undefined) entry.number = anchor.number
      out.push(entry)
    }
    for (const [key, number] of this.equations)
      out.push({ key, id: ID_PREFIX + equationAnchorId(key), kind: 'equation', number })
    return out
  }

  private anchorReference(key: string): string | undefined {
    const anchor = this.anchors.get(key)
    if (!anchor) return undefined
    const href = '#' + encodeURI(key)
    switch (anchor.kind) {
      case 'section':
        return `[${escapeLinkText(anchor.title || key)}](${href})`
      case 'figure':
        return `[Figure ${anchor.number}](${href})`
      case 'table':
        return `[Table ${anchor.number}](${href})`
      case 'anchor':
        return `[${escapeLinkText(key)}](${href})`
    }
  }
}

/**
 * The id of the anchor before a labelled display (rehype-equation-anchors.ts writes it; the
 * sanitizer's prefix is added there, as for every id an author chose).
 */
export function equationAnchorId(key: string): string {
  return `eq-${key}`
}

/** "(3)", linked to the equation it numbers; HTML, so it reads the same inside an HTML block. */
function equationLink(key: string, number: string): string {
  return `<a href="#${encodeURI(equationAnchorId(key)).replace(/"/g, '%22')}">(${escapeText(number)})</a>`
}

const FOREIGN_PREFIXES: Array<[RegExp, string]> = [
  [/^(?:sec|subsec|ssec)[_:-]/, 'Section'],
  [/^chap(?:ter)?[_:-]/, 'Chapter'],
  [/^fig[_:-]/, 'Figure'],
  [/^tab(?:le)?[_:-]/, 'Table'],
  [/^eq[_:-]/, 'Equation'],
]

/**
 * A label this document does not define, so presumably another post does (d2l chapters refer
 * to each other's sections): a link marked for src/xref to resolve when the post is read, whose
 * text says what kind of thing it names by its d2l prefix, in words, in case it never resolves
 * (or the author's own words, `written`, as MyST lets them be given).
 */
export function foreignReference(
  key: string,
  style: 'name' | 'equation' | 'number',
  written?: string,
  /** What the link reads until a post is found for it, when that is not the label in words. */
  meanwhile?: string,
): string {
  const text = written
    ? escapeHtml(written)
    : meanwhile !== undefined
      ? escapeHtml(meanwhile)
      : style === 'equation'
        ? `(${escapeText(readableKey(key))})`
        : describeForeignLabel(key)
  const attribute = key.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  // Text the author wrote for a label reference stays once it is resolved (`ref:`); bookdown's `??` does not.
  const kind = style === 'equation' ? 'eqref' : style === 'number' ? 'number' : written !== undefined ? 'ref' : 'label'
  return `<a href="#${encodeURI(key).replace(/"/g, '%22')}" data-xref="${kind}:${attribute}">${text}</a>`
}

function describeForeignLabel(key: string): string {
  for (const [prefix, word] of FOREIGN_PREFIXES) {
    if (prefix.test(key)) return `${word} “${escapeText(readableKey(key.replace(prefix, '')))}”`
  }
  return `“${escapeText(readableKey(key))}”`
}

/** `linear_regression` → `linear regression`: a label read as words. */
function readableKey(key: string): string {
  return key.replace(/[_-]+/g, ' ').trim() || key
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1')
}

/** Keeps label text literal in markdown (labels are like `sec_linear-concise`). */
function escapeText(text: string): string {
  return text.replace(/([\\`*_[\]<>$~|#])/g, '\\$1')
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
