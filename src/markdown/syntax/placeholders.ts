/**
 * Cross-references are written before their targets are known (a `\eqref` may point at an
 * equation further down), so the rewriter leaves a placeholder and resolves every placeholder
 * once the whole document has been read. Private-use characters cannot clash with essay text:
 * `stripPlaceholderChars` removes them from the input first.
 */

const OPEN = '\uE000'
const SEP = '\uE001'
const CLOSE = '\uE002'

/** Where a reference was written decides how it is spelled once resolved. */
export type RefKind =
  /** `\eqref{k}` inside TeX */
  | 'tex-eqref'
  /** `\ref{k}` inside TeX */
  | 'tex-ref'
  /** `\eqref{k}` in prose */
  | 'eqref'
  /** `\ref{k}` in prose */
  | 'ref'
  /** Quarto's `@sec-k` and `@eq-k` in prose: in a book, often another chapter's */
  | 'quarto-ref'
  /** d2l `:numref:` */
  | 'numref'
  /** d2l `:ref:` */
  | 'd2l-ref'
  /** d2l `:eqref:` */
  | 'd2l-eqref'

const KINDS = new Set<string>(['tex-eqref', 'tex-ref', 'eqref', 'ref', 'quarto-ref', 'numref', 'd2l-ref', 'd2l-eqref'])

const PLACEHOLDER = /\uE000([a-z0-9-]+)\uE001([^\uE000-\uE002]*)\uE002/g

/** A placeholder standing for a reference to `key`, resolved later by `resolvePlaceholders`. */
export function placeholder(kind: RefKind, key: string): string {
  return OPEN + kind + SEP + key.replace(/[\uE000-\uE002]/g, '') + CLOSE
}

/**
 * Input text must not contain the private-use characters that placeholders and stash markers
 * are made of (they carry no meaning in prose).
 */
export function stripPlaceholderChars(text: string): string {
  return /[\uE000-\uE004]/.test(text) ? text.replace(/[\uE000-\uE004]/g, '') : text
}

/** Replaces every placeholder with what `resolve` returns for it. */
export function resolvePlaceholders(text: string, resolve: (kind: RefKind, key: string) => string): string {
  if (!text.includes(OPEN)) return text
  return text.replace(PLACEHOLDER, (whole, kind: string, key: string) =>
    KINDS.has(kind) ? resolve(kind as RefKind, key) : whole,
  )
}
