/**
 * A reference to something in another post, as the renderer leaves it in a post's HTML: an
 * `<a data-xref="…">` whose text is readable as it is, resolved when the post is read (so that
 * the order in which posts were imported does not matter). The attribute says what was written:
 *
 * - `label:sec_linear_regression`: a d2l `:numref:`/`:ref:`/`:eqref:` label another post defines
 *   (`eqref:` for an equation's "(3)", `number:` for bookdown's `\@ref`, the number alone, `ref:`
 *   for a reference whose text the author wrote: MyST's `[text](label)`, `{ref}`text <label>``);
 * - `site:/D/wish`: a link from the site's root (statproofbook's `/D/…`, `/P/…`);
 * - `file:../chapter_x/y.md#frag`: a link to another markdown file, relative to the essay;
 * - `post:2018-12-22-distill`: Jekyll's `{% post_url name %}`.
 */
export type XrefTarget =
  | {
      kind: 'label'
      key: string
      /** How the reference was written: `:eqref:` reads "(3)", bookdown's `\@ref` the number alone, `text` as the author wrote it. */
      style: 'name' | 'equation' | 'number' | 'text'
    }
  | { kind: 'site'; path: string; fragment: string }
  | { kind: 'file'; path: string; fragment: string }
  | { kind: 'post'; name: string; fragment: string }

export const XREF_ATTRIBUTE = 'data-xref'

const LABEL_PREFIX = { name: 'label', equation: 'eqref', number: 'number', text: 'ref' } as const
const LABEL_STYLE: Record<string, Extract<XrefTarget, { kind: 'label' }>['style']> = {
  label: 'name',
  eqref: 'equation',
  number: 'number',
  ref: 'text',
}

/** The attribute value for a target (the inverse of `parseXref`). */
export function formatXref(target: XrefTarget): string {
  switch (target.kind) {
    case 'label':
      return `${LABEL_PREFIX[target.style]}:${target.key}`
    case 'site':
    case 'file':
      return `${target.kind}:${target.path}${target.fragment ? '#' + target.fragment : ''}`
    case 'post':
      return `post:${target.name}${target.fragment ? '#' + target.fragment : ''}`
  }
}

/** Reads an attribute value; null for anything else (an author's own `data-xref` included). */
export function parseXref(value: string): XrefTarget | null {
  const colon = value.indexOf(':')
  if (colon < 0) return null
  const kind = value.slice(0, colon)
  const rest = value.slice(colon + 1)
  if (rest === '') return null
  if (Object.hasOwn(LABEL_STYLE, kind)) return { kind: 'label', key: rest, style: LABEL_STYLE[kind] }
  const hash = rest.indexOf('#')
  const path = hash < 0 ? rest : rest.slice(0, hash)
  const fragment = hash < 0 ? '' : rest.slice(hash + 1)
  if (path === '') return null
  if (kind === 'site' || kind === 'file') return { kind, path, fragment }
  if (kind === 'post') return { kind, name: path, fragment }
  return null
}

/** Said in an import warning: the reference as the author wrote it. */
export function describeXref(target: XrefTarget): string {
  switch (target.kind) {
    case 'label':
      return `label "${target.key}"`
    case 'site':
      return `link ${target.path}${target.fragment ? '#' + target.fragment : ''}`
    case 'file':
      return `link ${target.path}${target.fragment ? '#' + target.fragment : ''}`
    case 'post':
      return `{% post_url ${target.name} %}`
  }
}
